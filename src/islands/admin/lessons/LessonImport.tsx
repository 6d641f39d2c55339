import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface LessonImportProps {
  lang: Language;
  messages: Messages;
  courseId: number;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function LessonImport(_props: LessonImportProps) {
  return null;
}
