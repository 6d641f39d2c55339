import { useT } from '~/i18n/islands';
import { hasCompleteWeights, round2 } from '~/lib/shared/gradebook';
import type { Language } from '~/lib/shared/constants';
import { formatNumber } from '~/lib/shared/format';

/** The running total of a course's weights, and until it is 100 what is left (or over). */
export function WeightsTotal({ lang, weights, id }: { lang: Language; weights: readonly number[]; id?: string }) {
  const t = useT();
  const total = round2(weights.reduce((sum, weight) => sum + weight, 0));
  const complete = hasCompleteWeights(weights);
  const text = complete
    ? t('gradebook.setup.totalComplete')
    : total < 100
      ? t('gradebook.setup.totalIncomplete', { total: formatNumber(lang, total), left: formatNumber(lang, round2(100 - total)) })
      : t('gradebook.setup.totalOver', { total: formatNumber(lang, total), over: formatNumber(lang, round2(total - 100)) });
  return (
    <p id={id} className={`notice ${complete ? 'notice--success' : 'notice--warning'}`} role="status" data-testid="weights-total">
      {text}
    </p>
  );
}
