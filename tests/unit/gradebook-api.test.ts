/** The gradebook's client calls address the routes of the OpenAPI document with the path, query and body the server reads. */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: unknown[][] = [];
const record =
  (verb: string) =>
  (...args: unknown[]) => {
    calls.push([verb, ...args]);
    return Promise.resolve(null);
  };
vi.mock('~/lib/client/app-client', () => ({ api: { get: record('get'), post: record('post'), put: record('put'), patch: record('patch'), delete: record('delete') } }));

const gradebook = await import('~/lib/client/api/gradebook');
const RULE = { minGrade: 3, minCompletionPercent: 80, minAttendancePercent: 70, mustPassItems: true, allCoursesRequired: true, passMark: 3 };

describe('gradebook client calls', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('send each request to its route', async () => {
    await gradebook.listGradeCategories(4);
    await gradebook.createGradeCategory(4, { name: 'Quices', weight: 30, dropLowest: 1 });
    await gradebook.updateGradeCategory(9, { weight: 40 });
    await gradebook.deleteGradeCategory(9);
    await gradebook.replaceGradeCategories(4, [{ id: 9, name: 'Quices', weight: 100 }]);
    await gradebook.listGradeItems(4);
    await gradebook.updateGradeItems(4, [{ kind: 'quiz', id: 2, categoryId: 9, mustPass: true }]);
    await gradebook.getGradebook(7, 4);
    await gradebook.overrideCourseGrade(7, 12, 4, 4.5, 'Sustentación');
    await gradebook.listApprovals(7);
    await gradebook.getProgramApprovalRule(3);
    await gradebook.setProgramApprovalRule(3, RULE);
    await gradebook.getCohortApprovalRule(7);
    await gradebook.setCohortApprovalRule(7, RULE);
    await gradebook.getMyGrades(4);
    expect(calls.map(([verb, route]) => `${verb as string} ${route as string}`)).toEqual([
      'get /api/v2/courses/{id}/grade-categories/',
      'post /api/v2/courses/{id}/grade-categories/',
      'patch /api/v2/grade-categories/{id}/',
      'delete /api/v2/grade-categories/{id}/',
      'put /api/v2/courses/{id}/grade-categories/',
      'get /api/v2/courses/{id}/grade-items/',
      'patch /api/v2/courses/{id}/grade-items/',
      'get /api/v2/cohorts/{id}/gradebook/',
      'put /api/v2/cohorts/{id}/gradebook/overrides/{userId}/',
      'get /api/v2/cohorts/{id}/approvals/',
      'get /api/v2/programs/{id}/approval-rule/',
      'put /api/v2/programs/{id}/approval-rule/',
      'get /api/v2/cohorts/{id}/approval-rule/',
      'put /api/v2/cohorts/{id}/approval-rule/',
      'get /api/v2/courses/{id}/my-grades/',
    ]);
    expect(calls[7]![2]).toMatchObject({ path: { id: 7 }, query: { course_id: 4 } });
    expect(calls[8]![2]).toMatchObject({ path: { id: 7, userId: 12 }, body: { course_id: 4, grade: 4.5, reason: 'Sustentación' } });
  });
});
