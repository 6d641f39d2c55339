/**
 * Matrix rows for spreadsheet reports (issue 14). Platform admins read every
 * cohort's; tutors and cohort admins their cohorts' (another cohort is 404);
 * students never (403). A report built in the background is only its
 * requester's: anyone else finds nothing. The funder report (issue 33) has
 * the same scope.
 */
import { expect } from 'vitest';
import { GET as reportRoute } from '~/pages/api/v2/reports/index';
import { GET as exportRoute } from '~/pages/api/v2/reports/exports/[exportId]/index';
import { GET as exportDownloadRoute } from '~/pages/api/v2/reports/exports/[exportId]/download';
import { getDb } from '~/lib/server/db/client';
import { fileExports } from '~/lib/server/db/schema';
import { todayInBogota } from '~/lib/shared/age-bands';
import { authed, type Expected, type Row, type World } from '../matrix-types';

const staffOnly = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 403, tutor: status, admin: status });

/** A queued users report of the platform admin's. */
async function adminExport(world: World): Promise<string> {
  const db = await getDb();
  const [row] = await db.insert(fileExports).values({ kind: 'report', requestedBy: world.admin.id, reportType: 'users', format: 'csv', fileName: 'reporte-usuarios.csv' }).returning();
  return String(row!.id);
}

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/reports/',
    handler: reportRoute,
    request: (_world, s) => ({ path: '/api/v2/reports/?type=users&export_format=csv', ...authed(s) }),
    expected: staffOnly(200),
    check: (persona, text: string, world) => {
      expect(text).toContain(world.student.email);
      // Staff of cohort A never see cohort B's students.
      if (persona !== 'admin') expect(text).not.toContain(world.otherStudent.email);
    },
  },
  {
    method: 'GET',
    path: "/api/v2/reports/ (another cohort's)",
    handler: reportRoute,
    request: (world, s) => ({ path: `/api/v2/reports/?type=progress&cohort_id=${world.cohortB.id}&export_format=csv`, ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/v2/reports/ (funder, at a cut-off)',
    handler: reportRoute,
    request: (_world, s) => ({ path: `/api/v2/reports/?type=funder&cutoff=${todayInBogota()}&export_format=csv`, ...authed(s) }),
    expected: staffOnly(200),
    check: (_persona, text: string) => expect(text).toContain('Informe para entidades financiadoras'),
  },
  {
    method: 'GET',
    path: "/api/v2/reports/ (funder, another cohort's)",
    handler: reportRoute,
    request: (world, s) => ({ path: `/api/v2/reports/?type=funder&cohort_id=${world.cohortB.id}&cutoff=${todayInBogota()}&export_format=csv`, ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 403, tutor: 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/v2/reports/exports/{exportId}/',
    handler: exportRoute,
    request: async (world, s) => {
      const exportId = await adminExport(world);
      return { path: `/api/v2/reports/exports/${exportId}/`, params: { exportId }, ...authed(s) };
    },
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 404, admin: 200 },
    check: (_persona, json: { status: string; downloadUrl: string | null }) => expect(json).toMatchObject({ status: 'queued', downloadUrl: null }),
  },
  {
    method: 'GET',
    path: '/api/v2/reports/exports/{exportId}/download/',
    handler: exportDownloadRoute,
    request: async (world, s) => {
      const exportId = await adminExport(world);
      return { path: `/api/v2/reports/exports/${exportId}/download/`, params: { exportId }, ...authed(s) };
    },
    // Not built yet: its requester hears 409; nobody else finds it.
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 404, admin: 409 },
  },
];
