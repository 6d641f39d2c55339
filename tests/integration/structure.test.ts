import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { cohortLevels, memberships, organizations } from '~/lib/server/db/schema';
import { listCoursesForUser } from '~/lib/server/services/learning';
import { ROLE_IDS } from '~/lib/shared/constants';
import * as organizationList from '~/pages/api/v2/organizations/index';
import * as organizationItem from '~/pages/api/v2/organizations/[id]';
import * as pathList from '~/pages/api/v2/learning-paths/index';
import * as pathItem from '~/pages/api/v2/learning-paths/[id]';
import * as cohortList from '~/pages/api/v2/cohorts/index';
import * as cohortItem from '~/pages/api/v2/cohorts/[id]';
import { POST as assignUsers } from '~/pages/api/v2/cohorts/[id]/assign_users';
import { GET as cohortUsers } from '~/pages/api/v2/cohorts/[id]/users';
import * as levelList from '~/pages/api/v2/cohorts/[id]/levels';
import * as levelItem from '~/pages/api/v2/cohorts/[id]/levels/[levelId]';
import { call } from '../support/http';
import { accessTokenFor, createCohort, createLearningPath, createOrganization, createReleasedCourse, createUser, enrollStudent } from '../factories';

async function adminToken() {
  return accessTokenFor(await createUser({ userType: 'admin' }));
}

async function memberToken(cohort: { id: number }, roleId: 1 | 2 | 3 = ROLE_IDS.student) {
  const user = await createUser({ userType: roleId === ROLE_IDS.student ? 'student' : 'staff' });
  await enrollStudent(user, cohort, { roleId });
  return { user, token: await accessTokenFor(user) };
}

async function membershipsOf(cohortId: number) {
  const db = await getDb();
  return db
    .select({ userId: memberships.userId, roleId: memberships.roleId, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.cohortId, cohortId))
    .orderBy(asc(memberships.userId));
}

async function levelsOf(cohortId: number) {
  const db = await getDb();
  return db.select({ id: cohortLevels.id, name: cohortLevels.name, position: cohortLevels.position }).from(cohortLevels).where(eq(cohortLevels.cohortId, cohortId)).orderBy(asc(cohortLevels.position));
}

describe('organizations and learning paths', () => {
  it("scopes a student's lists and details to the trees of their ACTIVE cohorts; others are 404", async () => {
    const cohort = await createCohort();
    const other = await createCohort();
    const { token } = await memberToken(cohort);
    await createLearningPath();
    const mine = cohort.learningPathId;
    const path = await call(pathItem.GET, { path: `/api/v2/learning-paths/${mine}/`, params: { id: String(mine) }, token });
    expect(path.status).toBe(200);
    const organizationId = path.json.organizationId as number;

    const list = await call(organizationList.GET, { path: '/api/v2/organizations/', token });
    expect(list.json.results.map((o: { id: number }) => o.id)).toEqual([organizationId]);
    expect(list.json).toMatchObject({ count: 1, next: null, previous: null });

    const paths = await call(pathList.GET, { path: '/api/v2/learning-paths/', token });
    expect(paths.json.results.map((p: { id: number }) => p.id)).toEqual([cohort.learningPathId]);
    const otherPath = await call(pathItem.GET, { path: `/api/v2/learning-paths/${other.learningPathId}/`, params: { id: String(other.learningPathId) }, token });
    expect(otherPath.status).toBe(404);
  });

  it('filters learning paths by ?organization=', async () => {
    const organization = await createOrganization();
    const first = await createLearningPath({ organizationId: organization.id, name: 'B ruta' });
    const second = await createLearningPath({ organizationId: organization.id, name: 'A ruta' });
    await createLearningPath();
    const response = await call(pathList.GET, { path: `/api/v2/learning-paths/?organization=${organization.id}`, token: await adminToken() });
    expect(response.json.results.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(response.json.count).toBe(2);
  });

  it('answers 400 with field messages, never 500, for non-numeric ids and bad bodies', async () => {
    const token = await adminToken();
    const badId = await call(organizationItem.GET, { path: '/api/v2/organizations/abc/', params: { id: 'abc' }, token });
    expect(badId.status).toBe(400);
    expect(badId.json.error.fields.id).toBe('El identificador no es válido');
    const badFilter = await call(pathList.GET, { path: '/api/v2/learning-paths/?organization=x', token });
    expect(badFilter.status).toBe(400);
    const noName = await call(organizationList.POST, { path: '/api/v2/organizations/', body: { name: '  ' }, token, headers: { 'accept-language': 'en' } });
    expect(noName.status).toBe(400);
    expect(noName.json.error.fields.name).toBe('Name is required');
    const unknownOrganization = await call(pathList.POST, { path: '/api/v2/learning-paths/', body: { organizationId: 999, name: 'Ruta' }, token });
    expect(unknownOrganization.status).toBe(400);
    expect(unknownOrganization.json.error.code).toBe('unknown_reference');
  });

  it('archives an organization (status INACTIVE, row kept): students stop seeing it, admins still do', async () => {
    const cohort = await createCohort();
    const { token } = await memberToken(cohort);
    const admin = await adminToken();
    const { json: path } = await call(pathItem.GET, { path: '/x/', params: { id: String(cohort.learningPathId) }, token });
    const id = String(path.organizationId);

    const archived = await call(organizationItem.DELETE, { method: 'DELETE', path: `/api/v2/organizations/${id}/`, params: { id }, token: admin });
    expect(archived.status).toBe(200);
    expect(archived.json.status).toBe('INACTIVE');
    const db = await getDb();
    expect(await db.select().from(organizations).where(eq(organizations.id, Number(id)))).toHaveLength(1);
    expect((await call(organizationItem.GET, { path: '/x/', params: { id }, token })).status).toBe(404);
    expect((await call(organizationItem.GET, { path: '/x/', params: { id }, token: admin })).json.status).toBe('INACTIVE');

    const restored = await call(organizationItem.PATCH, { method: 'PATCH', path: '/x/', params: { id }, body: { status: 'ACTIVE', name: 'De nuevo' }, token: admin });
    expect(restored.json).toMatchObject({ status: 'ACTIVE', name: 'De nuevo' });
  });

  it('archives a learning path; unknown ids are 404', async () => {
    const path = await createLearningPath();
    const admin = await adminToken();
    const archived = await call(pathItem.DELETE, { method: 'DELETE', path: '/x/', params: { id: String(path.id) }, token: admin });
    expect(archived.json.status).toBe('INACTIVE');
    expect((await call(pathItem.DELETE, { method: 'DELETE', path: '/x/', params: { id: '99999' }, token: admin })).status).toBe(404);
  });
});

describe('cohorts', () => {
  it('paginates the admin list with ?page= ({count,next,previous,results}); a bad page is 400', async () => {
    for (let index = 0; index < 23; index += 1) await createCohort({ programId: null });
    const token = await adminToken();
    const first = await call(cohortList.GET, { path: '/api/v2/cohorts/', token });
    expect(first.json.count).toBe(23);
    expect(first.json.results).toHaveLength(20);
    expect(first.json.next).toBe('/api/v2/cohorts/?page=2');
    expect(first.json.previous).toBeNull();
    const second = await call(cohortList.GET, { path: '/api/v2/cohorts/?page=2', token });
    expect(second.json.results).toHaveLength(3);
    expect(second.json).toMatchObject({ next: null, previous: '/api/v2/cohorts/?page=1' });
    expect((await call(cohortList.GET, { path: '/api/v2/cohorts/?page=0', token })).status).toBe(400);
    expect((await call(cohortList.GET, { path: '/api/v2/cohorts/?page=abc', token })).status).toBe(400);
  });

  it('lists only the cohorts where a student is an ACTIVE member', async () => {
    const active = await createCohort();
    const paused = await createCohort();
    await createCohort();
    const { user, token } = await memberToken(active);
    await enrollStudent(user, paused, { status: 'INACTIVE' });
    const response = await call(cohortList.GET, { path: '/api/v2/cohorts/', token });
    expect(response.json.results.map((c: { id: number }) => c.id)).toEqual([active.id]);
  });

  it('creates a cohort (admins) and refuses unknown learning paths or programs with 400', async () => {
    const token = await adminToken();
    const path = await createLearningPath();
    const created = await call(cohortList.POST, { path: '/x/', body: { learningPathId: path.id, name: 'Cohorte 2030', startsOn: '2030-01-01', endsOn: '2030-06-30' }, token });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ learningPathId: path.id, programId: null, status: 'ACTIVE', startsOn: '2030-01-01', endsOn: '2030-06-30' });
    const unknownPath = await call(cohortList.POST, { path: '/x/', body: { learningPathId: 9999, name: 'X' }, token });
    expect(unknownPath.json.error.code).toBe('unknown_reference');
    const unknownProgram = await call(cohortList.POST, { path: '/x/', body: { learningPathId: path.id, programId: 9999, name: 'X' }, token });
    expect(unknownProgram.status).toBe(400);
    const backwards = await call(cohortList.POST, { path: '/x/', body: { learningPathId: path.id, name: 'X', startsOn: '2030-06-01', endsOn: '2030-01-01' }, token });
    expect(backwards.status).toBe(400);
    expect(backwards.json.error.fields.endsOn).toBe('La fecha de fin debe ser posterior a la de inicio');
    const badDate = await call(cohortList.POST, { path: '/x/', body: { learningPathId: path.id, name: 'X', startsOn: '31/12/2030' }, token });
    expect(badDate.json.error.fields.startsOn).toBe('La fecha no es válida');
  });

  it("lets the cohort's tutor change name and dates but not status or program; the course catalog shows the new name at once", async () => {
    const cohort = await createCohort();
    await createReleasedCourse(cohort, { name: 'Curso' });
    const { token } = await memberToken(cohort, ROLE_IDS.tutor);
    const { user: student } = await memberToken(cohort);
    expect((await listCoursesForUser(student.id))[0]!.cohort.name).toBe(cohort.name);

    const renamed = await call(cohortItem.PATCH, { method: 'PATCH', path: '/x/', params: { id: String(cohort.id) }, body: { name: 'Cohorte nueva', endsOn: '2031-01-01' }, token });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: 'Cohorte nueva', endsOn: '2031-01-01', status: 'ACTIVE' });
    expect((await listCoursesForUser(student.id))[0]!.cohort.name).toBe('Cohorte nueva');

    for (const body of [{ status: 'INACTIVE' }, { programId: null }]) {
      const refused = await call(cohortItem.PATCH, { method: 'PATCH', path: '/x/', params: { id: String(cohort.id) }, body, token });
      expect(refused.status).toBe(403);
    }
    const backwards = await call(cohortItem.PATCH, { method: 'PATCH', path: '/x/', params: { id: String(cohort.id) }, body: { startsOn: '2032-01-01' }, token });
    expect(backwards.status).toBe(400);
    // Regression (issue 7): the service's check once carried no field message.
    expect(backwards.json.error.fields).toEqual({ endsOn: 'La fecha de fin debe ser posterior a la de inicio' });
  });

  it("archiving a cohort ends its members' access at once (membership cache forgotten)", async () => {
    const cohort = await createCohort();
    const { token } = await memberToken(cohort);
    const params = { id: String(cohort.id) };
    expect((await call(cohortItem.GET, { path: '/x/', params, token })).status).toBe(200);
    const archived = await call(cohortItem.DELETE, { method: 'DELETE', path: '/x/', params, token: await adminToken() });
    expect(archived.json.status).toBe('INACTIVE');
    expect((await call(cohortItem.GET, { path: '/x/', params, token })).status).toBe(404);
  });
});

describe('POST /api/v2/cohorts/{id}/assign_users/', () => {
  it('lets a cohort admin add and update members; a user may be in several cohorts; new members get access at once', async () => {
    const cohort = await createCohort();
    const otherCohort = await createCohort();
    const { token } = await memberToken(cohort, ROLE_IDS.cohortAdmin);
    const newcomer = await createUser();
    await enrollStudent(newcomer, otherCohort);
    const newcomerToken = await accessTokenFor(newcomer);
    const params = { id: String(cohort.id) };
    expect((await call(cohortItem.GET, { path: '/x/', params, token: newcomerToken })).status).toBe(404);

    const added = await call(assignUsers, { path: '/x/', params, body: { users: [{ userId: newcomer.id, role_id: 2 }] }, token });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ assigned: [{ userId: newcomer.id, role_id: 2, status: 'ACTIVE' }], removed: [] });
    expect((await call(cohortItem.GET, { path: '/x/', params, token: newcomerToken })).status).toBe(200);
    expect(await membershipsOf(otherCohort.id)).toEqual([{ userId: newcomer.id, roleId: 1, status: 'ACTIVE' }]);

    const paused = await call(assignUsers, { path: '/x/', params, body: { users: [{ userId: newcomer.id, role_id: 1, status: 'INACTIVE' }] }, token });
    expect(paused.json.assigned).toEqual([{ userId: newcomer.id, role_id: 1, status: 'INACTIVE' }]);
    const roleOnly = await call(assignUsers, { path: '/x/', params, body: { users: [{ userId: newcomer.id, role_id: 2 }] }, token });
    expect(roleOnly.json.assigned).toEqual([{ userId: newcomer.id, role_id: 2, status: 'INACTIVE' }]);
  });

  it('removes members with `remove`, in the same call as additions', async () => {
    const cohort = await createCohort();
    const token = await adminToken();
    const leaving = await createUser();
    const joining = await createUser();
    await enrollStudent(leaving, cohort);
    const response = await call(assignUsers, { path: '/x/', params: { id: String(cohort.id) }, body: { users: [{ userId: joining.id, role_id: 1 }], remove: [leaving.id] }, token });
    expect(response.json.removed).toEqual([leaving.id]);
    expect((await membershipsOf(cohort.id)).map((m) => m.userId)).toEqual([joining.id]);
  });

  it('refuses unknown user ids with 400 naming them, and changes nothing (all or nothing)', async () => {
    const cohort = await createCohort();
    const token = await adminToken();
    const known = await createUser();
    const staying = await createUser();
    await enrollStudent(staying, cohort);
    const before = await membershipsOf(cohort.id);
    const response = await call(assignUsers, {
      path: '/x/',
      params: { id: String(cohort.id) },
      body: { users: [{ userId: known.id, role_id: 1 }, { userId: 9991, role_id: 1 }], remove: [staying.id, 9992] },
      token,
      headers: { 'accept-language': 'en' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('unknown_users');
    expect(response.json.error.message).toBe('These users do not exist: 9991, 9992. Nothing was changed.');
    expect(await membershipsOf(cohort.id)).toEqual(before);
  });

  it('validates the body: empty, duplicate, both lists, bad role_id', async () => {
    const cohort = await createCohort();
    const token = await adminToken();
    const params = { id: String(cohort.id) };
    const cases: [unknown, string][] = [
      [{}, 'users'],
      [{ users: [{ userId: 5, role_id: 1 }, { userId: 5, role_id: 2 }] }, 'users'],
      [{ users: [{ userId: 5, role_id: 1 }], remove: [5] }, 'remove'],
      [{ users: [{ userId: 5, role_id: 7 }] }, 'users.0.role_id'],
      [{ users: [{ userId: 'x', role_id: 1 }] }, 'users.0.userId'],
    ];
    for (const [body, field] of cases) {
      const response = await call(assignUsers, { path: '/x/', params, body, token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json.error.fields), JSON.stringify(body)).toContain(field);
    }
  });

  it('refuses a cohort admin changing or removing their own membership (403), which the screen never offers; a platform admin may', async () => {
    const cohort = await createCohort();
    const { user, token } = await memberToken(cohort, ROLE_IDS.cohortAdmin);
    const params = { id: String(cohort.id) };
    for (const body of [{ users: [{ userId: user.id, role_id: ROLE_IDS.student }] }, { remove: [user.id] }]) {
      const response = await call(assignUsers, { path: '/x/', params, body, token });
      expect(response.status).toBe(403);
      expect(response.json.error).toEqual({ code: 'forbidden_own_membership', message: 'No puedes cambiar ni quitar tu propia membresía en la cohorte.' });
    }
    expect(await membershipsOf(cohort.id)).toEqual([{ userId: user.id, roleId: ROLE_IDS.cohortAdmin, status: 'ACTIVE' }]);

    const admin = await createUser({ userType: 'admin' });
    await enrollStudent(admin, cohort, { roleId: ROLE_IDS.tutor });
    const own = await call(assignUsers, { path: '/x/', params, body: { users: [{ userId: admin.id, role_id: ROLE_IDS.cohortAdmin }] }, token: await accessTokenFor(admin) });
    expect(own.status).toBe(200);
  });

  it('refuses tutors (403) and members of other cohorts (404)', async () => {
    const cohort = await createCohort();
    const { token: tutor } = await memberToken(cohort, ROLE_IDS.tutor);
    const { token: outsider } = await memberToken(await createCohort(), ROLE_IDS.cohortAdmin);
    const body = { users: [{ userId: (await createUser()).id, role_id: 1 }] };
    expect((await call(assignUsers, { path: '/x/', params: { id: String(cohort.id) }, body, token: tutor })).status).toBe(403);
    expect((await call(assignUsers, { path: '/x/', params: { id: String(cohort.id) }, body, token: outsider })).status).toBe(404);
  });
});

describe('GET /api/v2/cohorts/{id}/users/', () => {
  it('paginates members by name and searches name and email', async () => {
    const cohort = await createCohort();
    const { token } = await memberToken(cohort, ROLE_IDS.tutor);
    for (let index = 0; index < 21; index += 1) await enrollStudent(await createUser({ lastName: `Zz${String(index).padStart(2, '0')}` }), cohort);
    const ana = await createUser({ firstName: 'Ana', lastName: 'Pérez', email: 'ana.perez@senda.test' });
    await enrollStudent(ana, cohort);
    const params = { id: String(cohort.id) };

    const first = await call(cohortUsers, { path: `/api/v2/cohorts/${cohort.id}/users/`, params, token });
    expect(first.json.count).toBe(23);
    expect(first.json.results).toHaveLength(20);
    expect(first.json.next).toBe(`/api/v2/cohorts/${cohort.id}/users/?page=2`);
    const second = await call(cohortUsers, { path: `/api/v2/cohorts/${cohort.id}/users/?page=2`, params, token });
    expect(second.json.results.map((m: { lastName: string }) => m.lastName)).toEqual(['Zz18', 'Zz19', 'Zz20']);

    for (const search of ['ana pér', 'ANA.PEREZ@', 'Pérez']) {
      const found = await call(cohortUsers, { path: `/x/?search=${encodeURIComponent(search)}`, params, token });
      expect(found.json.results.map((m: { userId: number }) => m.userId), search).toEqual([ana.id]);
    }
    const literal = await call(cohortUsers, { path: `/x/?search=${encodeURIComponent('%')}`, params, token });
    expect(literal.json.count).toBe(0);
  });

  it('refuses students of the cohort (403)', async () => {
    const cohort = await createCohort();
    const { token } = await memberToken(cohort);
    expect((await call(cohortUsers, { path: '/x/', params: { id: String(cohort.id) }, token })).status).toBe(403);
  });
});

describe('cohort levels', () => {
  async function setup() {
    const cohort = await createCohort();
    const { token } = await memberToken(cohort, ROLE_IDS.tutor);
    const params = { id: String(cohort.id) };
    const ids: number[] = [];
    for (const name of ['Básico', 'Intermedio', 'Avanzado']) {
      const created = await call(levelList.POST, { path: '/x/', params, body: { name }, token });
      expect(created.status).toBe(201);
      ids.push(created.json.id);
    }
    return { cohort, token, params, ids };
  }

  it('appends levels at positions 0..n-1 and lists them in order for members', async () => {
    const { cohort, params, ids } = await setup();
    const { token: student } = await memberToken(cohort);
    const response = await call(levelList.GET, { path: '/x/', params, token: student });
    expect(response.json).toEqual([
      { id: ids[0], name: 'Básico', position: 0 },
      { id: ids[1], name: 'Intermedio', position: 1 },
      { id: ids[2], name: 'Avanzado', position: 2 },
    ]);
  });

  it('reorders in one call', async () => {
    const { cohort, token, params, ids } = await setup();
    const response = await call(levelList.PUT, { method: 'PUT', path: '/x/', params, body: { order: [ids[2], ids[0], ids[1]] }, token });
    expect(response.status).toBe(200);
    expect(await levelsOf(cohort.id)).toEqual([
      { id: ids[2], name: 'Avanzado', position: 0 },
      { id: ids[0], name: 'Básico', position: 1 },
      { id: ids[1], name: 'Intermedio', position: 2 },
    ]);
  });

  it('refuses a reorder that does not match the cohort levels exactly (400, nothing changed)', async () => {
    const { cohort, token, params, ids } = await setup();
    const foreign = await createCohort();
    const db = await getDb();
    const [other] = await db.insert(cohortLevels).values({ cohortId: foreign.id, name: 'Ajeno', position: 0 }).returning();
    const before = await levelsOf(cohort.id);
    const mismatches = [[ids[2], ids[1]], [ids[2], ids[1], ids[0], other!.id], [ids[2], ids[1], other!.id], [ids[0], ids[0], ids[1]], []];
    for (const order of mismatches) {
      const response = await call(levelList.PUT, { method: 'PUT', path: '/x/', params, body: { order }, token });
      expect(response.status, JSON.stringify(order)).toBe(400);
      expect(await levelsOf(cohort.id)).toEqual(before);
    }
    const mismatch = await call(levelList.PUT, { method: 'PUT', path: '/x/', params, body: { order: [ids[0]] }, token });
    expect(mismatch.json.error.code).toBe('level_order_mismatch');
    expect(mismatch.json.error.message).toContain('No se cambió nada');
  });

  it('renames, deletes closing the gap, and treats another cohort\'s level as not found', async () => {
    const { cohort, token, params, ids } = await setup();
    const renamed = await call(levelItem.PATCH, { method: 'PATCH', path: '/x/', params: { ...params, levelId: String(ids[1]) }, body: { name: 'Medio' }, token });
    expect(renamed.json).toEqual({ id: ids[1], name: 'Medio', position: 1 });
    const deleted = await call(levelItem.DELETE, { method: 'DELETE', path: '/x/', params: { ...params, levelId: String(ids[0]) }, token });
    expect(deleted.status).toBe(204);
    expect((await levelsOf(cohort.id)).map((level) => [level.name, level.position])).toEqual([['Medio', 0], ['Avanzado', 1]]);

    const foreign = await setup();
    const crossed = await call(levelItem.PATCH, { method: 'PATCH', path: '/x/', params: { ...params, levelId: String(foreign.ids[0]) }, body: { name: 'X' }, token });
    expect(crossed.status).toBe(404);
    const db = await getDb();
    const [untouched] = await db.select().from(cohortLevels).where(eq(cohortLevels.id, foreign.ids[0]!));
    expect(untouched!.name).toBe('Básico');
  });

  it('keeps positions without gaps or duplicates under concurrent creates', async () => {
    const { cohort, token, params } = await setup();
    await Promise.all(['D', 'E', 'F', 'G'].map((name) => call(levelList.POST, { path: '/x/', params, body: { name }, token })));
    expect((await levelsOf(cohort.id)).map((level) => level.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('refuses students (403) and non-members (404) on writes', async () => {
    const { cohort, params } = await setup();
    const { token: student } = await memberToken(cohort);
    const { token: stranger } = await memberToken(await createCohort(), ROLE_IDS.tutor);
    expect((await call(levelList.POST, { path: '/x/', params, body: { name: 'X' }, token: student })).status).toBe(403);
    expect((await call(levelList.POST, { path: '/x/', params, body: { name: 'X' }, token: stranger })).status).toBe(404);
    expect((await call(levelList.GET, { path: '/x/', params, token: stranger })).status).toBe(404);
  });
});
