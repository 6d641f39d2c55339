import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface CohortNewsProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function CohortNews(_props: CohortNewsProps) {
  return null;
}
