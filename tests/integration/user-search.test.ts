import { describe, expect, it } from 'vitest';
import { ROLE_IDS } from '~/lib/shared/constants';
import { GET as searchUsers } from '~/pages/api/v2/users/index';
import { call } from '../support/http';
import { accessTokenFor, createCohort, createUser, enrollStudent } from '../factories';

async function adminToken() {
  return accessTokenFor(await createUser({ userType: 'admin' }));
}

/** A staff user with one membership, and their token. */
async function memberToken(cohort: { id: number }, roleId: 1 | 2 | 3, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  const user = await createUser({ userType: roleId === ROLE_IDS.student ? 'student' : 'staff' });
  await enrollStudent(user, cohort, { roleId, status });
  return accessTokenFor(user);
}

const search = (token: string, query: string, lang = 'es') => call(searchUsers, { path: `/api/v2/users/?${query}`, token, headers: { 'accept-language': lang } });
const idsOf = (json: { results: { id: number }[] }) => json.results.map((user) => user.id);

describe('GET /api/v2/users/', () => {
  it('finds users by part of the first name, last name, full name or email, in any case; platform admins also see each account', async () => {
    const token = await adminToken();
    const ana = await createUser({ firstName: 'Ana María', lastName: 'Pérez', email: 'ana.perez@senda.test' });
    await createUser({ firstName: 'Beto', lastName: 'Gómez', email: 'beto@senda.test' });

    for (const text of ['ana mar', 'ana maría pér', 'pérez', 'ANA.PEREZ@']) {
      const found = await search(token, `search=${encodeURIComponent(text)}`);
      expect(found.status, text).toBe(200);
      expect(idsOf(found.json), text).toEqual([ana.id]);
    }
    const found = await search(token, 'search=ana.perez');
    expect(found.json).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: ana.id,
          firstName: 'Ana María',
          lastName: 'Pérez',
          email: 'ana.perez@senda.test',
          account: { userType: 'student', status: 'ACTIVE', invitationPending: false, invitedAt: null, deletionRequestedAt: null, anonymized: false },
        },
      ],
    });
    // `%` and `_` are letters here, not wildcards.
    expect((await search(token, `search=${encodeURIComponent('%%')}`)).json.count).toBe(0);
    expect((await search(token, `search=${encodeURIComponent('a_')}`)).json.count).toBe(0);
  });

  it('paginates by last name, 20 per page', async () => {
    const token = await adminToken();
    for (let index = 0; index < 22; index += 1) await createUser({ lastName: `Ruiz ${String(21 - index).padStart(2, '0')}` });
    const first = await search(token, 'search=ruiz');
    expect(first.json.count).toBe(22);
    expect(first.json.results).toHaveLength(20);
    expect(first.json.results[0].lastName).toBe('Ruiz 00');
    expect(first.json.next).toBe('/api/v2/users/?search=ruiz&page=2');
    const second = await search(token, 'search=ruiz&page=2');
    expect(second.json.results.map((user: { lastName: string }) => user.lastName)).toEqual(['Ruiz 20', 'Ruiz 21']);
    expect(second.json.previous).toBe('/api/v2/users/?search=ruiz&page=1');
  });

  it('refuses a search shorter than 2 characters with 400 and a clear message in the caller language (cohort admins must search)', async () => {
    const token = await adminToken();
    for (const query of ['search=', 'search=a', `search=${encodeURIComponent('  b  ')}`]) {
      const response = await search(token, query);
      expect(response.status, query).toBe(400);
      expect(response.json.error.code).toBe('validation_failed');
      expect(response.json.error.fields, query).toEqual({ search: 'Escribe al menos 2 caracteres para buscar' });
    }
    const english = await search(token, 'search=a', 'en');
    expect(english.json.error.fields).toEqual({ search: 'Type at least 2 characters to search' });
    expect((await search(token, 'search=ab&page=0')).status).toBe(400);
    expect((await search(token, 'search=ab&cohort=x')).status).toBe(400);
    // Platform admins may list everyone without a search; cohort admins may not.
    expect((await search(token, '')).status).toBe(200);
    const cohortAdmin = await memberToken(await createCohort({ status: 'ACTIVE' }), ROLE_IDS.cohortAdmin);
    const unsearched = await search(cohortAdmin, '');
    expect(unsearched.status).toBe(400);
    expect(unsearched.json.error.fields).toEqual({ search: 'Escribe al menos 2 caracteres para buscar' });
  });

  it('lets cohort admins of an ACTIVE cohort search; refuses tutors, students, staff without cohorts, inactive cohort admins and admins of an archived cohort (403)', async () => {
    const cohort = await createCohort({ status: 'ACTIVE' });
    const archived = await createCohort({ status: 'INACTIVE' });
    await createUser({ firstName: 'Carla', lastName: 'Díaz' });
    const allowed = await search(await memberToken(cohort, ROLE_IDS.cohortAdmin), 'search=carla');
    expect(allowed.status).toBe(200);
    expect(allowed.json.count).toBe(1);

    const refused = {
      tutor: await memberToken(cohort, ROLE_IDS.tutor),
      student: await memberToken(cohort, ROLE_IDS.student),
      staffWithoutCohorts: await accessTokenFor(await createUser({ userType: 'staff' })),
      inactiveCohortAdmin: await memberToken(cohort, ROLE_IDS.cohortAdmin, 'INACTIVE'),
      archivedCohortAdmin: await memberToken(archived, ROLE_IDS.cohortAdmin),
    };
    for (const [who, token] of Object.entries(refused)) {
      const response = await search(token, 'search=carla');
      expect(response.status, who).toBe(403);
      expect(response.json.error.code, who).toBe('forbidden');
    }
    expect((await call(searchUsers, { path: '/api/v2/users/?search=carla' })).status).toBe(401);
  });

  it('with ?cohort= tells which users are already members there, with their role and status', async () => {
    const cohort = await createCohort();
    const other = await createCohort();
    const [member, paused, outsider] = [
      await createUser({ lastName: 'Vargas 1' }),
      await createUser({ lastName: 'Vargas 2' }),
      await createUser({ lastName: 'Vargas 3' }),
    ];
    await enrollStudent(member, cohort, { roleId: ROLE_IDS.tutor });
    await enrollStudent(paused, cohort, { roleId: ROLE_IDS.student, status: 'INACTIVE' });
    await enrollStudent(outsider, other, { roleId: ROLE_IDS.cohortAdmin });

    const token = await memberToken(cohort, ROLE_IDS.cohortAdmin);
    const found = await search(token, `search=vargas&cohort=${cohort.id}`);
    expect(found.status).toBe(200);
    expect(found.json.results.map((user: { id: number; membership: unknown }) => [user.id, user.membership])).toEqual([
      [member.id, { role_id: ROLE_IDS.tutor, status: 'ACTIVE' }],
      [paused.id, { role_id: ROLE_IDS.student, status: 'INACTIVE' }],
      [outsider.id, null],
    ]);
  });

  it('with ?cohort= needs the right to assign users there: another cohort is not found (404), its tutor is refused (403)', async () => {
    const cohort = await createCohort();
    const other = await createCohort();
    await createUser({ lastName: 'Vargas' });
    expect((await search(await memberToken(other, ROLE_IDS.cohortAdmin), `search=vargas&cohort=${cohort.id}`)).status).toBe(404);
    expect((await search(await memberToken(cohort, ROLE_IDS.tutor), `search=vargas&cohort=${cohort.id}`)).status).toBe(403);
    expect((await search(await adminToken(), 'search=vargas&cohort=999999')).status).toBe(404);
  });
});

describe('GET /api/v2/users/ for platform admins (the users page)', () => {
  it('lists everyone without a search, and filters by cohort, learning path, type and state (active, inactive, invitation pending, deletion asked)', async () => {
    const token = await adminToken();
    const cohort = await createCohort({ status: 'ACTIVE' });
    const otherPathCohort = await createCohort({ status: 'ACTIVE' });
    const active = await createUser({ lastName: 'A-activa' });
    const invited = await createUser({ lastName: 'B-invitada', invited: true });
    const inactive = await createUser({ lastName: 'C-inactiva', status: 'INACTIVE' });
    const tutor = await createUser({ lastName: 'D-tutor', userType: 'staff', deletionRequestedAt: new Date() });
    await enrollStudent(active, cohort);
    await enrollStudent(invited, cohort);
    await enrollStudent(tutor, otherPathCohort, { roleId: ROLE_IDS.tutor });

    const ids = async (query: string) => idsOf((await search(token, query)).json);
    expect((await search(token, '')).json.count).toBe(5);
    expect(await ids(`inCohort=${cohort.id}`)).toEqual([active.id, invited.id]);
    expect(await ids(`learningPath=${otherPathCohort.learningPathId}`)).toEqual([tutor.id]);
    expect(await ids('type=staff')).toEqual([tutor.id]);
    expect(await ids('status=INVITED')).toEqual([invited.id]);
    expect(await ids('status=INACTIVE')).toEqual([inactive.id]);
    expect(await ids('status=DELETION_REQUESTED')).toEqual([tutor.id]);
    expect(await ids(`status=ACTIVE&inCohort=${cohort.id}&search=activa`)).toEqual([active.id]);
    const pending = (await search(token, 'status=INVITED')).json.results[0];
    expect(pending.account).toMatchObject({ status: 'ACTIVE', invitationPending: true });
    expect(pending.account.invitedAt).not.toBeNull();
    expect((await search(token, 'status=SOMETHING', 'en')).json.error.fields).toEqual({ status: 'The state is not valid' });
  });
});
