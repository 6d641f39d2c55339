/** Matrix rows for people: accounts (platform admins), one's own profile and data, and passwords. */
import { expect } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { mintAccountLink } from '~/lib/server/services/people/account-links';
import { POST as createIndividual } from '~/pages/api/v2/users/individual';
import * as userRoute from '~/pages/api/v2/users/[id]/index';
import { POST as invitation } from '~/pages/api/v2/users/[id]/invitation';
import * as userProfile from '~/pages/api/v2/users/[id]/profile';
import { GET as userExport } from '~/pages/api/v2/users/[id]/export';
import { POST as anonymize } from '~/pages/api/v2/users/[id]/anonymize';
import { POST as importUsers } from '~/pages/api/v2/users/bulk-users';
import * as myProfile from '~/pages/api/v2/profiles/me/index';
import { GET as myExport } from '~/pages/api/v2/profiles/me/export';
import { POST as deletionRequest } from '~/pages/api/v2/profiles/me/deletion-request';
import { POST as forgot } from '~/pages/api/v2/auth/password/forgot';
import { POST as reset } from '~/pages/api/v2/auth/password/reset';
import { POST as change } from '~/pages/api/v2/auth/password/change';
import { createUser, DEFAULT_PASSWORD } from '../../../factories';
import { personFormFor as personForm } from '../../../factories/person-form';
import { authed, everyone, members, type Row } from '../matrix-types';

const ADMINS_ONLY = { outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: 200 } as const;



const BOUNDARY = 'senda-matrix-users-import';
const usersUpload = (email: string) => ({
  rawBody: [`--${BOUNDARY}`, 'Content-Disposition: form-data; name="file"; filename="personas.csv"', 'Content-Type: text/csv', '', `correo;nombres;apellidos\n${email};Nueva;Persona`, `--${BOUNDARY}--`, ''].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

const about = (id: number) => ({ path: `/api/v2/users/${id}/`, params: { id: String(id) } });

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/users/individual/',
    handler: createIndividual,
    request: (_, s) => ({ path: '/api/v2/users/individual/', body: { firstName: 'Nueva', lastName: 'Persona', email: 'nueva.persona@senda.test', profile: { stratum: 2 } }, ...authed(s) }),
    expected: { ...ADMINS_ONLY, admin: 201 },
    check: (_, json) => expect(json).toMatchObject({ email: 'nueva.persona@senda.test', invitationPending: true }),
  },
  {
    method: 'GET',
    path: '/api/v2/users/{id}/',
    handler: userRoute.GET,
    request: (world, s) => ({ ...about(world.student.id), ...authed(s) }),
    // The student themselves too: their account is read on their account page, not here.
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json).toMatchObject({ id: world.student.id, cohorts: [{ cohortId: world.cohortA.id, role_id: 1 }], accessLog: [] }),
  },
  {
    method: 'PATCH',
    path: '/api/v2/users/{id}/',
    handler: userRoute.PATCH,
    request: async (_, s) => {
      const target = await createUser();
      return { ...about(target.id), method: 'PATCH', body: { status: 'INACTIVE' }, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json.status).toBe('INACTIVE'),
  },
  {
    method: 'POST',
    path: '/api/v2/users/{id}/invitation/',
    handler: invitation,
    request: async (_, s) => {
      const target = await createUser({ invited: true });
      return { path: `/api/v2/users/${target.id}/invitation/`, params: { id: String(target.id) }, body: {}, ...authed(s) };
    },
    expected: { ...ADMINS_ONLY, admin: 202 },
    check: (_, json) => expect(json.invitationPending).toBe(true),
  },
  {
    method: 'GET',
    path: '/api/v2/users/{id}/profile/',
    handler: userProfile.GET,
    request: (world, s) => ({ path: `/api/v2/users/${world.otherStudent.id}/profile/`, params: { id: String(world.otherStudent.id) }, ...authed(s) }),
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json).toMatchObject({ userId: world.otherStudent.id, isComplete: false }),
  },
  {
    method: 'PUT',
    path: '/api/v2/users/{id}/profile/',
    handler: userProfile.PUT,
    request: (world, s) => ({ path: `/api/v2/users/${world.otherStudent.id}/profile/`, params: { id: String(world.otherStudent.id) }, method: 'PUT', body: personForm(world.otherStudent.email), ...authed(s) }),
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject({ department: '11', isComplete: true }),
  },
  {
    method: 'GET',
    path: '/api/v2/users/{id}/export/',
    handler: userExport,
    request: (world, s) => ({ path: `/api/v2/users/${world.otherStudent.id}/export/`, params: { id: String(world.otherStudent.id) }, ...authed(s) }),
    expected: ADMINS_ONLY,
    check: (_, json, world) => expect(json.account.id).toBe(world.otherStudent.id),
  },
  {
    method: 'POST',
    path: '/api/v2/users/{id}/anonymize/',
    handler: anonymize,
    request: async (_, s) => {
      const target = await createUser();
      return { path: `/api/v2/users/${target.id}/anonymize/`, params: { id: String(target.id) }, body: {}, ...authed(s) };
    },
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject({ status: 'INACTIVE', firstName: '' }),
  },
  {
    method: 'POST',
    path: '/api/v2/users/bulk-users/',
    handler: importUsers,
    request: (_, s) => ({ path: '/api/v2/users/bulk-users/?dryRun=true', ...usersUpload('importada@senda.test'), ...authed(s) }),
    expected: ADMINS_ONLY,
    check: (_, json) => expect(json).toMatchObject({ total: 1, created: 1, dryRun: true }),
  },
  {
    method: 'GET',
    path: '/api/v2/profiles/me/',
    handler: myProfile.GET,
    request: (_, s) => ({ path: '/api/v2/profiles/me/', ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json.isComplete).toBe(false),
  },
  {
    method: 'PUT',
    path: '/api/v2/profiles/me/',
    handler: myProfile.PUT,
    request: (_, s) => ({ path: '/api/v2/profiles/me/', method: 'PUT', body: personForm(s.email), ...authed(s) }),
    expected: members(200),
    check: (_, json) => expect(json.isComplete).toBe(true),
  },
  {
    method: 'GET',
    path: '/api/v2/profiles/me/export/',
    handler: myExport,
    request: (_, s) => ({ path: '/api/v2/profiles/me/export/', ...authed(s) }),
    expected: members(200),
    check: (persona, json) => expect(json.account.userType).toBe(persona === 'admin' ? 'admin' : persona === 'tutor' || persona === 'cohortAdmin' ? 'staff' : 'student'),
  },
  {
    method: 'POST',
    path: '/api/v2/profiles/me/deletion-request/',
    handler: deletionRequest,
    request: (_, s) => ({ path: '/api/v2/profiles/me/deletion-request/', body: {}, ...authed(s) }),
    expected: members(202),
  },
  {
    method: 'POST',
    path: '/api/v2/auth/password/forgot/',
    handler: forgot,
    request: (world, s) => ({ path: '/api/v2/auth/password/forgot/', body: { email: world.student.email }, ...authed(s) }),
    // Public, and the same answer for everyone.
    expected: everyone(202),
    check: (_, json) => expect(json).toEqual({ sent: true }),
  },
  {
    method: 'POST',
    path: '/api/v2/auth/password/reset/',
    handler: reset,
    request: async (_, s) => {
      const target = await createUser({ invited: true });
      const { token } = await mintAccountLink(await getDb(), target.id, 'invitation');
      return { path: '/api/v2/auth/password/reset/', body: { token, password: 'Una-clave-nueva-1', confirmPassword: 'Una-clave-nueva-1' }, ...authed(s) };
    },
    expected: everyone(200),
    check: (_, json) => expect(json.purpose).toBe('invitation'),
  },
  {
    method: 'POST',
    path: '/api/v2/auth/password/change/',
    handler: change,
    request: (_, s) => ({ path: '/api/v2/auth/password/change/', body: { currentPassword: DEFAULT_PASSWORD, password: 'Una-clave-nueva-1', confirmPassword: 'Una-clave-nueva-1' }, ...authed(s) }),
    expected: members(204),
  },
];
