/** Matrix rows for the offline package (issue 34): what a phone downloads to study a course without a connection. */
import { expect } from 'vitest';
import { GET as offlinePackage } from '~/pages/api/v2/courses/[id]/offline-package';
import { createLesson } from '../../../factories';
import { authed, type Row } from '../matrix-types';

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/courses/{id}/offline-package/',
    handler: offlinePackage,
    request: async (world, s) => {
      await createLesson({ courseId: world.courseA.id, title: 'Lección para llevar', section: 'Nivel 1' });
      await createLesson({ courseId: world.courseA.id, title: 'Borrador', section: 'Nivel 1', publishedAt: null });
      return { path: `/api/v2/courses/${world.courseA.id}/offline-package/?level=1`, params: { id: String(world.courseA.id) }, ...authed(s) };
    },
    // Whoever reads cohort A's course (its student, its staff, admins); B's student is told it does not exist, like the course page.
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 200, admin: 200 },
    check: (_, json: { courseId: number; items: { kind: string; url: string }[] }, world) => {
      expect(json.courseId).toBe(world.courseA.id);
      // Staff get the students' view: the draft is in nobody's package.
      expect(json.items.filter((item) => item.kind === 'lesson')).toHaveLength(1);
      expect(json.items.map((item) => item.url)).toContain(`/assignments/${world.assignmentA.id}`);
    },
  },
];
