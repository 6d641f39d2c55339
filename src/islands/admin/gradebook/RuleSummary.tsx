import { useT } from '~/i18n/islands';
import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';
import type { ApprovalRule } from '~/lib/shared/gradebook';

/** An approval rule in words, one line per condition. */
export function RuleSummary({ lang, rule, label }: { lang: Language; rule: ApprovalRule; label: string }) {
  const t = useT();
  return (
    <ul className="approval-rule__summary" aria-label={label}>
      <li>{t('gradebook.rule.summary.minGrade', { grade: rule.minGrade.toFixed(1) })}</li>
      <li>{t('gradebook.rule.summary.passMark', { grade: rule.passMark.toFixed(1) })}</li>
      <li>{t('gradebook.rule.summary.minCompletion', { percent: formatNumber(lang, rule.minCompletionPercent) })}</li>
      <li>{t('gradebook.rule.summary.minAttendance', { percent: formatNumber(lang, rule.minAttendancePercent) })}</li>
      <li>{t(rule.mustPassItems ? 'gradebook.rule.summary.mustPassYes' : 'gradebook.rule.summary.mustPassNo')}</li>
      <li>{t(rule.allCoursesRequired ? 'gradebook.rule.summary.allCoursesYes' : 'gradebook.rule.summary.allCoursesNo')}</li>
    </ul>
  );
}
