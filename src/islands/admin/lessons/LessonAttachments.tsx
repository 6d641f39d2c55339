import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface LessonAttachmentsProps {
  lang: Language;
  messages: Messages;
  lessonId: number;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function LessonAttachments(_props: LessonAttachmentsProps) {
  return null;
}
