import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface CohortBannersProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  canManage: boolean;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function CohortBanners(_props: CohortBannersProps) {
  return null;
}
