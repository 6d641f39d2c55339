import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface CohortLevelsProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function CohortLevels(_props: CohortLevelsProps) {
  return null;
}
