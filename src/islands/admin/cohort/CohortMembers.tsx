import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface CohortMembersProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canAssign: boolean;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function CohortMembers(_props: CohortMembersProps) {
  return null;
}
