/** What a student still lacks, as one sentence in the reader's language ("Te falta: 2 entregas, 8 % de asistencia, nota 2.7 de 3.0"). */
import type { Translate } from '~/i18n';
import type { ApprovalMissing } from '~/lib/shared/gradebook';

/** The sentence for what is missing; null when nothing is. */
export function missingLineOf(t: Translate, missing: ApprovalMissing): string | null {
  const parts: string[] = [];
  if (missing.assignments > 0) parts.push(t('gradebook.missing.assignments', { count: missing.assignments }));
  if (missing.quizzes > 0) parts.push(t('gradebook.missing.quizzes', { count: missing.quizzes }));
  if (missing.completionPercent > 0) parts.push(t('gradebook.missing.completion', { points: missing.completionPercent }));
  if (missing.attendancePercent > 0) parts.push(t('gradebook.missing.attendance', { points: missing.attendancePercent }));
  if (missing.grade) {
    const required = missing.grade.required.toFixed(1);
    parts.push(missing.grade.current === null ? t('gradebook.missing.gradeUngraded', { required }) : t('gradebook.missing.grade', { current: missing.grade.current.toFixed(1), required }));
  }
  return parts.length === 0 ? null : t('gradebook.missing.line', { parts: parts.join(', ') });
}
