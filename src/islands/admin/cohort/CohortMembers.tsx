import { useId, useState } from 'react';
import { IslandI18n, useT } from '~/i18n/islands';
import type { Messages } from '~/i18n/options';
import type { Language } from '~/lib/shared/constants';
import { AddMembers } from './members/AddMembers';
import { BulkAssign } from './members/BulkAssign';
import { MembersTable } from './members/MembersTable';
import '~/styles/admin-members.css';

export interface CohortMembersProps {
  lang: Language;
  messages: Messages;
  cohortId: number;
  /** Platform admins and cohort admins: add, bulk-assign, change and remove members. Tutors only read. */
  canAssign: boolean;
}

type Panel = 'add' | 'bulk' | null;

function Members({ cohortId, canAssign }: Pick<CohortMembersProps, 'cohortId' | 'canAssign'>) {
  const t = useT();
  const ids = useId();
  const [open, setOpen] = useState<Panel>(null);
  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
  return (
    <div className="members">
      {canAssign && (
        <div className="admin-actions members-tools">
          <button type="button" className="button button--primary" aria-expanded={open === 'add'} aria-controls={`${ids}-add`} onClick={() => toggle('add')}>
            {t('admin.members.add.open')}
          </button>
          <button type="button" className="button button--ghost" aria-expanded={open === 'bulk'} aria-controls={`${ids}-bulk`} onClick={() => toggle('bulk')}>
            {t('admin.members.bulk.open')}
          </button>
        </div>
      )}
      {canAssign && open === 'add' && <AddMembers cohortId={cohortId} panelId={`${ids}-add`} />}
      {canAssign && open === 'bulk' && <BulkAssign cohortId={cohortId} panelId={`${ids}-bulk`} />}
      <MembersTable cohortId={cohortId} canAssign={canAssign} />
    </div>
  );
}

/** The cohort's members section: the list for tutors; adding, bulk assignment, role and status changes and removal for admins and cohort admins. */
export default function CohortMembers({ lang, messages, cohortId, canAssign }: CohortMembersProps) {
  return (
    <IslandI18n lang={lang} messages={messages}>
      <Members cohortId={cohortId} canAssign={canAssign} />
    </IslandI18n>
  );
}
