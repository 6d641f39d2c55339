/** Matrix row for reordering a program's courses (platform admins only). */
import { expect } from 'vitest';
import { POST as reorderCourses } from '~/pages/api/v2/programs/[id]/courses/reorder';
import { createCourse } from '../../../factories';
import { authed, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'POST',
    path: '/api/v2/programs/{id}/courses/reorder/',
    handler: reorderCourses,
    request: async (world, s) => {
      const programId = world.cohortA.programId!;
      const second = await createCourse({ programId, name: 'Segundo curso de A', position: 1 });
      return {
        path: `/api/v2/programs/${programId}/courses/reorder/`,
        params: { id: String(programId) },
        body: { order: [second.id, world.courseA.id] },
        ...authed(s),
      };
    },
    // Cohort A's tutor and student see the program (403); the other cohort's student does not (404).
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 403, admin: 200 },
    check: (_, json: { name: string }[]) => expect(json.map((course) => course.name)).toEqual(['Segundo curso de A', 'Curso de la cohorte A']),
  },
];
