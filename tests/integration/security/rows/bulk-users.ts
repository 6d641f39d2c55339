/** Matrix rows for the bulk assignment of cohort members from a CSV/XLSX upload. */
import { expect } from 'vitest';
import { POST as bulkUsers } from '~/pages/api/v2/cohorts/[id]/users/bulk-users';
import { createUser } from '../../../factories';
import { authed, type Row } from '../matrix-types';

const BOUNDARY = 'senda-matrix-bulk-users';

/** A multipart body with a one-row CSV naming a fresh user. */
const membersUpload = (email: string) => ({
  rawBody: [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="file"; filename="miembros.csv"', 'Content-Type: text/csv', '', `email,role\n${email},student`, `--${BOUNDARY}--`, ''].join(
    '\r\n',
  ),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/users/bulk-users/',
    handler: bulkUsers,
    request: async (world, s) => {
      const newcomer = await createUser();
      const path = `/api/v2/cohorts/${world.cohortA.id}/users/bulk-users/`;
      return { path, params: { id: String(world.cohortA.id) }, ...membersUpload(newcomer.email), ...authed(s) };
    },
    // As assign_users: admins only; cohort A's student and tutor 403, cohort B's student 404.
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: 200, admin: 200 },
    check: (_, json) => expect(json).toEqual({ created: 1, updated: 0, total: 1, dryRun: false }),
  },
];
