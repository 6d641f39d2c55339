import type { Language } from '../../../lib/shared/constants';
import type { Messages } from '../../../i18n/options';

export interface CohortReleasesProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  programId: number | null;
  canRelease: boolean;
}

/** Placeholder until this section is built (issue 3, admin screens). */
export default function CohortReleases(_props: CohortReleasesProps) {
  return null;
}
