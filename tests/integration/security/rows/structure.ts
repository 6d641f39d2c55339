/** Matrix rows for the learning structure: organizations, learning paths, cohorts, members and levels. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { cohortLevels, learningPaths, organizations } from '~/lib/server/db/schema';
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
import { createUser } from '../../../factories';
import { authed, members, type Persona, type Row, type Session, type World, type Expected } from '../matrix-types';

/** Only platform admins may; everyone signed in is refused with 403. */
const adminOnly = (success: number): Expected => ({ outsider: 401, student: 403, otherStudent: 403, tutor: 403, admin: success });
/** Readable by cohort A's members and admins; another cohort's object does not exist (404). */
const cohortAReaders = (success: number): Expected => ({ outsider: 401, student: success, otherStudent: 404, tutor: success, admin: success });
/** Cohort A's tutor and admins may; its student is refused (403); others do not see it (404). */
const cohortAStaff = (success: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: success, admin: success });
/** Admins only, but cohort B's student does not even see cohort A (404). */
const cohortAAdminOnly = (success: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: 403, admin: success });

/** Names the two trees ("A", "B") so answers can be checked by name; returns cohort A's path and organization ids. */
async function nameTrees(world: World) {
  const db = await getDb();
  const ids = { pathA: world.cohortA.learningPathId, pathB: world.cohortB.learningPathId, organizationA: 0 };
  for (const [pathId, letter] of [[ids.pathA, 'A'], [ids.pathB, 'B']] as const) {
    const [path] = await db.update(learningPaths).set({ name: `Ruta ${letter}` }).where(eq(learningPaths.id, pathId)).returning();
    await db.update(organizations).set({ name: `Organización ${letter}` }).where(eq(organizations.id, path!.organizationId));
    if (letter === 'A') ids.organizationA = path!.organizationId;
  }
  return ids;
}

async function createLevels(cohortId: number, names: string[]) {
  const db = await getDb();
  return db
    .insert(cohortLevels)
    .values(names.map((name, position) => ({ cohortId, name, position })))
    .returning();
}

const on = (path: string, session: Session, params: Record<string, string> = {}, body?: unknown) => ({
  path,
  params,
  ...(body === undefined ? {} : { body }),
  ...authed(session),
});

const namesOf = (json: { results: { name: string }[] }) => json.results.map((item) => item.name);
/** What each persona sees of the trees "A" and "B" in a list. */
function expectTrees(persona: Persona, names: string[], prefix: string) {
  expect(names.includes(`${prefix} A`)).toBe(persona !== 'otherStudent');
  expect(names.includes(`${prefix} B`)).toBe(persona === 'otherStudent' || persona === 'admin');
}

export const ROWS: Row[] = [
  // ── Organizations ──
  {
    method: 'GET',
    path: '/api/v2/organizations/',
    handler: organizationList.GET,
    request: async (world, s) => (await nameTrees(world), on('/api/v2/organizations/', s)),
    expected: members(200),
    check: (persona, json) => expectTrees(persona, namesOf(json), 'Organización'),
  },
  {
    method: 'POST',
    path: '/api/v2/organizations/',
    handler: organizationList.POST,
    request: (_, s) => on('/api/v2/organizations/', s, {}, { name: 'Nueva organización' }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/v2/organizations/{id}/',
    handler: organizationItem.GET,
    request: async (world, s) => {
      const { organizationA } = await nameTrees(world);
      return on(`/api/v2/organizations/${organizationA}/`, s, { id: String(organizationA) });
    },
    expected: cohortAReaders(200),
    check: (_, json) => expect(json.name).toBe('Organización A'),
  },
  {
    method: 'PATCH',
    path: '/api/v2/organizations/{id}/',
    handler: organizationItem.PATCH,
    request: async (world, s) => {
      const { organizationA } = await nameTrees(world);
      return { ...on(`/api/v2/organizations/${organizationA}/`, s, { id: String(organizationA) }, { name: 'Renombrada' }), method: 'PATCH' };
    },
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/organizations/{id}/',
    handler: organizationItem.DELETE,
    request: async (world, s) => {
      const { organizationA } = await nameTrees(world);
      return on(`/api/v2/organizations/${organizationA}/`, s, { id: String(organizationA) });
    },
    expected: adminOnly(200),
    check: (_, json) => expect(json.status).toBe('INACTIVE'),
  },
  // ── Learning paths ──
  {
    method: 'GET',
    path: '/api/v2/learning-paths/',
    handler: pathList.GET,
    request: async (world, s) => (await nameTrees(world), on('/api/v2/learning-paths/', s)),
    expected: members(200),
    check: (persona, json) => expectTrees(persona, namesOf(json), 'Ruta'),
  },
  {
    method: 'POST',
    path: '/api/v2/learning-paths/',
    handler: pathList.POST,
    request: async (world, s) => {
      const { organizationA } = await nameTrees(world);
      return on('/api/v2/learning-paths/', s, {}, { organizationId: organizationA, name: 'Nueva ruta' });
    },
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/v2/learning-paths/{id}/',
    handler: pathItem.GET,
    request: (world, s) => on(`/api/v2/learning-paths/${world.cohortA.learningPathId}/`, s, { id: String(world.cohortA.learningPathId) }),
    expected: cohortAReaders(200),
  },
  {
    method: 'PATCH',
    path: '/api/v2/learning-paths/{id}/',
    handler: pathItem.PATCH,
    request: (world, s) => on(`/api/v2/learning-paths/${world.cohortA.learningPathId}/`, s, { id: String(world.cohortA.learningPathId) }, { description: 'Nueva' }),
    expected: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/learning-paths/{id}/',
    handler: pathItem.DELETE,
    request: (world, s) => on(`/api/v2/learning-paths/${world.cohortA.learningPathId}/`, s, { id: String(world.cohortA.learningPathId) }),
    expected: adminOnly(200),
  },
  // ── Cohorts ──
  {
    method: 'GET',
    path: '/api/v2/cohorts/',
    handler: cohortList.GET,
    request: (_, s) => on('/api/v2/cohorts/', s),
    expected: members(200),
    check: (persona, json: { results: { id: number }[] }, world) => {
      const ids = json.results.map((cohort) => cohort.id);
      expect(ids.includes(world.cohortA.id)).toBe(persona !== 'otherStudent');
      expect(ids.includes(world.cohortB.id)).toBe(persona === 'otherStudent' || persona === 'admin');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/',
    handler: cohortList.POST,
    request: (world, s) => on('/api/v2/cohorts/', s, {}, { learningPathId: world.cohortA.learningPathId, name: 'Nueva cohorte' }),
    expected: adminOnly(201),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/',
    handler: cohortItem.GET,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/`, s, { id: String(world.cohortA.id) }),
    expected: cohortAReaders(200),
    check: (_, json, world) => expect(json.id).toBe(world.cohortA.id),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/ (cohort B)',
    handler: cohortItem.GET,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortB.id}/`, s, { id: String(world.cohortB.id) }),
    expected: { outsider: 401, student: 404, otherStudent: 200, tutor: 404, admin: 200 },
  },
  {
    method: 'PATCH',
    path: '/api/v2/cohorts/{id}/',
    handler: cohortItem.PATCH,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/`, s, { id: String(world.cohortA.id) }, { name: 'Cohorte renombrada', startsOn: '2030-01-10' }),
    expected: cohortAStaff(200),
    check: (_, json) => expect(json).toMatchObject({ name: 'Cohorte renombrada', startsOn: '2030-01-10' }),
  },
  {
    method: 'PATCH',
    path: '/api/v2/cohorts/{id}/ (status)',
    handler: cohortItem.PATCH,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/`, s, { id: String(world.cohortA.id) }, { status: 'INACTIVE' }),
    expected: cohortAAdminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/cohorts/{id}/',
    handler: cohortItem.DELETE,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/`, s, { id: String(world.cohortA.id) }),
    expected: cohortAAdminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/assign_users/',
    handler: assignUsers,
    request: async (world, s) => {
      const newcomer = await createUser();
      return on(`/api/v2/cohorts/${world.cohortA.id}/assign_users/`, s, { id: String(world.cohortA.id) }, { users: [{ userId: newcomer.id, role_id: 1 }] });
    },
    expected: { ...cohortAAdminOnly(200), cohortAdmin: 200 },
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/users/',
    handler: cohortUsers,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/users/`, s, { id: String(world.cohortA.id) }),
    expected: cohortAStaff(200),
    check: (_, json: { results: { userId: number }[] }, world) =>
      expect(json.results.map((member) => member.userId).sort()).toEqual([world.student.id, world.tutor.id, world.cohortAdmin.id].sort()),
  },
  // ── Levels ──
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/levels/',
    handler: levelList.GET,
    request: async (world, s) => {
      await createLevels(world.cohortA.id, ['Nivel 1', 'Nivel 2']);
      return on(`/api/v2/cohorts/${world.cohortA.id}/levels/`, s, { id: String(world.cohortA.id) });
    },
    expected: cohortAReaders(200),
    check: (_, json: { name: string }[]) => expect(json.map((level) => level.name)).toEqual(['Nivel 1', 'Nivel 2']),
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/levels/',
    handler: levelList.POST,
    request: (world, s) => on(`/api/v2/cohorts/${world.cohortA.id}/levels/`, s, { id: String(world.cohortA.id) }, { name: 'Nivel nuevo' }),
    expected: cohortAStaff(201),
  },
  {
    method: 'PUT',
    path: '/api/v2/cohorts/{id}/levels/',
    handler: levelList.PUT,
    request: async (world, s) => {
      const levels = await createLevels(world.cohortA.id, ['Primero', 'Segundo']);
      return on(`/api/v2/cohorts/${world.cohortA.id}/levels/`, s, { id: String(world.cohortA.id) }, { order: levels.map((level) => level.id).reverse() });
    },
    expected: cohortAStaff(200),
    check: (_, json: { name: string }[]) => expect(json.map((level) => level.name)).toEqual(['Segundo', 'Primero']),
  },
  {
    method: 'PATCH',
    path: '/api/v2/cohorts/{id}/levels/{levelId}/',
    handler: levelItem.PATCH,
    request: async (world, s) => {
      const [level] = await createLevels(world.cohortA.id, ['Nivel']);
      const params = { id: String(world.cohortA.id), levelId: String(level!.id) };
      return on(`/api/v2/cohorts/${world.cohortA.id}/levels/${level!.id}/`, s, params, { name: 'Nivel renombrado' });
    },
    expected: cohortAStaff(200),
  },
  {
    method: 'DELETE',
    path: '/api/v2/cohorts/{id}/levels/{levelId}/',
    handler: levelItem.DELETE,
    request: async (world, s) => {
      const [level] = await createLevels(world.cohortA.id, ['Nivel']);
      return on(`/api/v2/cohorts/${world.cohortA.id}/levels/${level!.id}/`, s, { id: String(world.cohortA.id), levelId: String(level!.id) });
    },
    expected: cohortAStaff(204),
  },
];
