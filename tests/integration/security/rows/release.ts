/** Matrix rows for releasing courses to cohorts (drip). */
import { GET as cohortCourses } from '~/pages/api/v2/cohorts/[id]/content/courses';
import * as release from '~/pages/api/v2/cohorts/[id]/content/courses/[courseId]/release';
import { authed, type Row } from '../matrix-types';

const releasePath = (cohortId: number, courseId: number) => ({
  path: `/api/v2/cohorts/${cohortId}/content/courses/${courseId}/release/`,
  params: { id: String(cohortId), courseId: String(courseId) },
});

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/content/courses/',
    handler: cohortCourses,
    request: (world, s) => ({ path: `/api/v2/cohorts/${world.cohortA.id}/content/courses/`, params: { id: String(world.cohortA.id) }, ...authed(s) }),
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/v2/cohorts/{id}/content/courses/{courseId}/release/',
    handler: release.POST,
    request: (world, s) => ({ ...releasePath(world.cohortA.id, world.courseA.id), body: {}, ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/v2/cohorts/{id}/content/courses/{courseId}/release/',
    handler: release.DELETE,
    request: (world, s) => ({ ...releasePath(world.cohortA.id, world.courseA.id), ...authed(s) }),
    expected: { outsider: 401, student: 403, otherStudent: 404, tutor: 204, admin: 204 },
  },
];
