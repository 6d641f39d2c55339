/**
 * Matrix rows for certificates. Cohort A's program has a certificate and A's
 * student holds one: they read it, A's tutor lists and reads it, A's cohort
 * admin and platform admins also issue and revoke, B's student finds nothing
 * (404). The design is a platform admin's. Verification and the public keys
 * are open to everyone and tell only what the /verify page shows.
 */
import { expect } from 'vitest';
import { GET as listRoute } from '~/pages/api/v2/certificates/index';
import { GET as pdfRoute } from '~/pages/api/v2/certificates/[id]/pdf';
import { GET as badgeRoute } from '~/pages/api/v2/certificates/[id]/badge';
import { POST as revokeRoute } from '~/pages/api/v2/certificates/[id]/revoke';
import { GET as verifyRoute } from '~/pages/api/v2/certificates/verify/[code]';
import { POST as bulkIssueRoute } from '~/pages/api/v2/cohorts/[id]/certificates/issue/index';
import { GET as runRoute } from '~/pages/api/v2/cohorts/[id]/certificates/issue/[runId]';
import { GET as keysRoute } from '~/pages/.well-known/certificates-key.json';
import * as designRoute from '~/pages/api/v2/programs/[id]/certificate/index';
import { POST as imagesRoute } from '~/pages/api/v2/programs/[id]/certificate/images';
import { GET as previewRoute } from '~/pages/api/v2/programs/[id]/certificate/preview';
import { getDb } from '~/lib/server/db/client';
import { certificateRuns } from '~/lib/server/db/schema';
import { designCertificateFor, issueTo } from '../../../factories/certificates';
import { authed, everyone, members, type Expected, type Row, type World } from '../matrix-types';

/** Whoever reads a certificate of cohort A's student: the student, A's tutor and cohort admin, platform admins. */
const readers = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: status, admin: status });
/** Whoever issues and revokes in cohort A: its cohort admin and platform admins (A's student and tutor 403, B's student 404). */
const issuers = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: 403, cohortAdmin: status, admin: status });
/** Platform admins only. */
const designers = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: status });

/** Cohort A's program designed and its student's certificate. */
async function certificateOfA(world: World) {
  await designCertificateFor(world.cohortA);
  return issueTo(world.student, world.cohortA);
}

const at = (certificate: { id: number }, suffix: string) => ({ path: `/api/v2/certificates/${certificate.id}/${suffix}`, params: { id: String(certificate.id) } });
const programOfA = (world: World, suffix = '') => ({ path: `/api/v2/programs/${world.cohortA.programId}/certificate/${suffix}`, params: { id: String(world.cohortA.programId) } });

/** What the public verification may say: the page's facts, never an e-mail or an id. */
const VERIFICATION_KEYS = ['code', 'holderName', 'hours', 'issuedAt', 'programName', 'revokedAt', 'signature', 'signers', 'status', 'title', 'valid'];

const BOUNDARY = 'senda-matrix-certificates';

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/certificates/',
    handler: listRoute,
    request: async (world, s) => {
      await certificateOfA(world);
      return { path: `/api/v2/certificates/?cohort_id=${world.cohortA.id}`, ...authed(s) };
    },
    expected: readers(200),
    check: (persona, json: { results: { userId: number }[] }, world) => {
      expect(json.results.map((item) => item.userId)).toEqual([world.student.id]);
      if (persona === 'student') expect(json.results).toHaveLength(1);
    },
  },
  {
    method: 'GET',
    path: '/api/v2/certificates/ (one\'s own)',
    handler: listRoute,
    request: async (world, s) => {
      await certificateOfA(world);
      return { path: '/api/v2/certificates/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { count: number }) => expect(json.count).toBe(persona === 'student' ? 1 : 0),
  },
  {
    method: 'GET',
    path: '/api/v2/certificates/{id}/pdf/',
    handler: pdfRoute,
    request: async (world, s) => ({ ...at(await certificateOfA(world), 'pdf/'), ...authed(s) }),
    expected: readers(200),
  },
  {
    method: 'GET',
    path: '/api/v2/certificates/{id}/badge/',
    handler: badgeRoute,
    request: async (world, s) => ({ ...at(await certificateOfA(world), 'badge/'), ...authed(s) }),
    expected: readers(200),
    check: (_, json: { credential: { type: string[] } }) => expect(json.credential.type).toContain('OpenBadgeCredential'),
  },
  {
    method: 'POST',
    path: '/api/v2/certificates/{id}/revoke/',
    handler: revokeRoute,
    request: async (world, s) => ({ ...at(await certificateOfA(world), 'revoke/'), body: { reason: 'Error en los datos' }, ...authed(s) }),
    expected: issuers(200),
    check: (_, json: { status: string }) => expect(json.status).toBe('revoked'),
  },
  {
    method: 'GET',
    path: '/api/v2/certificates/verify/{code}/',
    handler: verifyRoute,
    request: async (world, s) => {
      const { code } = await certificateOfA(world);
      return { path: `/api/v2/certificates/verify/${code}/`, params: { code }, ...authed(s) };
    },
    expected: everyone(200),
    check: (_, json: Record<string, unknown>, world) => {
      expect(Object.keys(json).sort()).toEqual(VERIFICATION_KEYS);
      expect(json.valid).toBe(true);
      expect(JSON.stringify(json)).not.toContain(world.student.email);
    },
  },
  {
    method: 'GET',
    path: '/.well-known/certificates-key.json',
    handler: keysRoute,
    request: async (world, s) => {
      await certificateOfA(world);
      return { path: '/.well-known/certificates-key.json', ...authed(s) };
    },
    expected: everyone(200),
    check: (_, json: { keys: Record<string, unknown>[] }) => {
      expect(json.keys.length).toBeGreaterThan(0);
      for (const key of json.keys) expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'use', 'x']);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/certificates/issue/',
    handler: bulkIssueRoute,
    request: async (world, s) => {
      await designCertificateFor(world.cohortA);
      return { path: `/api/v2/cohorts/${world.cohortA.id}/certificates/issue/`, params: { id: String(world.cohortA.id) }, body: {}, ...authed(s) };
    },
    expected: issuers(202),
    check: (_, json: { status: string }) => expect(json.status).toBe('queued'),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/certificates/issue/{runId}/',
    handler: runRoute,
    request: async (world, s) => {
      const db = await getDb();
      const [run] = await db.insert(certificateRuns).values({ cohortId: world.cohortA.id, requestedBy: world.admin.id, itemsTotal: 3 }).returning();
      return { path: `/api/v2/cohorts/${world.cohortA.id}/certificates/issue/${run!.id}/`, params: { id: String(world.cohortA.id), runId: String(run!.id) }, ...authed(s) };
    },
    expected: issuers(200),
    check: (_, json: { itemsTotal: number }) => expect(json.itemsTotal).toBe(3),
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/certificate/',
    handler: designRoute.GET,
    request: async (world, s) => {
      await designCertificateFor(world.cohortA);
      return { ...programOfA(world), ...authed(s) };
    },
    expected: designers(200),
  },
  {
    method: 'PUT',
    path: '/api/v2/programs/{id}/certificate/',
    handler: designRoute.PUT,
    request: (world, s) => ({ method: 'PUT', ...programOfA(world), body: { title: 'Diploma', hours: 30, signers: [{ name: 'Ana', role: 'Rectora' }], autoIssue: false }, ...authed(s) }),
    expected: designers(200),
    check: (_, json: { title: string }) => expect(json.title).toBe('Diploma'),
  },
  {
    method: 'POST',
    path: '/api/v2/programs/{id}/certificate/images/',
    handler: imagesRoute,
    request: async (world, s) => {
      await designCertificateFor(world.cohortA);
      // The matrix's bodies are text, and a PNG or JPEG never is: a WebP (all ASCII) gets past the caller's check to the
      // content's, which only PNG and JPEG pass (a certificate is a PDF). certificates.test.ts uploads real PNGs.
      const webp = 'RIFF\u0024\u0000\u0000\u0000WEBPVP8 tiny-webp-for-tests';
      return {
        ...programOfA(world, 'images/'),
        rawBody: [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="slot"', '', 'logo', `--${BOUNDARY}`, 'Content-Disposition: form-data; name="image"; filename="logo.webp"', 'Content-Type: image/webp', '', webp, `--${BOUNDARY}--`, ''].join('\r\n'),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        ...authed(s),
      };
    },
    expected: designers(415),
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/certificate/preview/',
    handler: previewRoute,
    request: async (world, s) => {
      await designCertificateFor(world.cohortA);
      return { ...programOfA(world, 'preview/'), ...authed(s) };
    },
    expected: designers(200),
  },
];
