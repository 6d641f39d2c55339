/**
 * Matrix rows for assignments, submissions, grading, zips and feedback.
 * Cohort A's student submits to cohort A's course and reads their own work;
 * its staff grade it and never submit (403); cohort B's student finds
 * nothing (404). Files and zips go only to whoever may see the work.
 */
import { expect } from 'vitest';
import * as assignmentsRoute from '~/pages/api/v2/assignments/index';
import * as assignmentRoute from '~/pages/api/v2/assignments/[id]/index';
import * as submissionsRoute from '~/pages/api/v2/assignments/[id]/submissions/index';
import { GET as zipRoute } from '~/pages/api/v2/assignments/[id]/submissions/zip';
import { GET as rosterRoute } from '~/pages/api/v2/assignments/[id]/roster';
import * as releaseRoute from '~/pages/api/v2/assignments/[id]/release-grades';
import * as sheetRoute from '~/pages/api/v2/assignments/[id]/grading-sheet';
import { GET as downloadRoute } from '~/pages/api/v2/assignments/download/[id]';
import { GET as detailRoute } from '~/pages/api/v2/assignments/submissions/[id]';
import { POST as gradeRoute } from '~/pages/api/v2/assignments/submissions/grade/index';
import { POST as bulkRoute } from '~/pages/api/v2/assignments/submissions/grade/bulk';
import { GET as exportRoute } from '~/pages/api/v2/assignments/submissions/zip/[exportId]/index';
import { GET as exportDownloadRoute } from '~/pages/api/v2/assignments/submissions/zip/[exportId]/download';
import * as feedbacksRoute from '~/pages/api/v2/feedbacks/index';
import { GET as unseenRoute } from '~/pages/api/v2/feedbacks/unseen';
import { POST as seenRoute } from '~/pages/api/v2/feedbacks/[id]/seen';
import { GET as cohortAssignmentsRoute } from '~/pages/api/v2/cohorts/[id]/content/assignments';
import { PUT as cohortDueDateRoute } from '~/pages/api/v2/cohorts/[id]/content/assignments/[assignmentId]';
import { GET as programAssignmentsRoute } from '~/pages/api/v2/programs/[id]/assignments';
import type { Caller } from '~/lib/server/access/permissions';
import { createFeedback } from '~/lib/server/services/assignments/feedbacks';
import { buildZipExport, planZip, requestZipExport } from '~/lib/server/services/assignments/submission-zip';
import type { Assignment, Submission } from '~/lib/shared/schemas/assignments';
import { accessTokenFor } from '../../../factories';
import { createAssignmentFor, pdfFile, submit } from '../../../factories/assignments';
import { authed, members, type Expected, type Row, type World } from '../matrix-types';

/** Members of cohort A read; the other cohort's student gets 404. */
const readers = (status: number): Expected => ({ ...members(status), otherStudent: 404 });
/** Staff of the course: cohort A's tutor and cohort admin, platform admins; A's student 403, B's 404. */
const staff = (status: number): Expected => ({ outsider: 401, student: 403, otherStudent: 404, tutor: status, admin: status });
/** Students of the course only: staff never submit (403). */
const submitters = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: 403, admin: 403 });
/** The student whose work it is and the staff who see them. */
const ownerAndStaff = (status: number): Expected => ({ outsider: 401, student: status, otherStudent: 404, tutor: status, admin: status });

const callerOf = (user: { id: number; email: string }, userType: Caller['userType']): Caller => ({ id: user.id, email: user.email, userType, cohorts: [] });

const assignmentOfA = (world: World, overrides: Record<string, unknown> = {}) =>
  createAssignmentFor(world.courseA.id, { title: 'Tarea de la matriz', dueAt: new Date(Date.now() + 86_400_000).toISOString(), ...overrides });

/** An assignment of cohort A's course and cohort A's student's submission (text and a PDF). */
async function submissionOfA(world: World, overrides: Record<string, unknown> = {}): Promise<{ assignment: Assignment; submission: Submission }> {
  const assignment = await assignmentOfA(world, overrides);
  const response = await submit(assignment.id, await accessTokenFor(world.student), { text: 'Mi entrega', files: [pdfFile('informe.pdf')] });
  expect(response.status).toBe(201);
  return { assignment, submission: response.json as Submission };
}

const at = (assignment: { id: number }, suffix = '') => ({ path: `/api/v2/assignments/${assignment.id}/${suffix}`, params: { id: String(assignment.id) } });

const BOUNDARY = 'senda-matrix-assignments';
const multipart = (parts: { name: string; value: string; file?: { name: string; type: string } }[]) => ({
  rawBody: [
    ...parts.flatMap((part) => [
      `--${BOUNDARY}`,
      part.file ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.file.name}"` : `Content-Disposition: form-data; name="${part.name}"`,
      ...(part.file ? [`Content-Type: ${part.file.type}`] : []),
      '',
      part.value,
    ]),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

export const ROWS: Row[] = [
  {
    method: 'GET',
    path: '/api/v2/assignments/',
    handler: assignmentsRoute.GET,
    request: async (world, s) => {
      await assignmentOfA(world, { published: false, title: 'Borrador' });
      return { path: `/api/v2/assignments/?course=${world.courseA.id}`, ...authed(s) };
    },
    expected: readers(200),
    check: (persona, json: { results: { title: string }[] }) => {
      const titles = json.results.map((item) => item.title);
      expect(titles).toContain('Tarea A');
      if (persona === 'student') expect(titles).not.toContain('Borrador');
      else expect(titles).toContain('Borrador');
    },
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/',
    handler: assignmentsRoute.POST,
    request: (world, s) => ({
      path: '/api/v2/assignments/',
      body: { courseId: world.courseA.id, title: 'Nueva tarea', instructions: '## Entrega', activityType: 'evaluation', maxScore: 50, latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 }, submissionTypes: ['file'] },
      ...authed(s),
    }),
    expected: staff(201),
    check: (_, json: Assignment) => expect(json).toMatchObject({ title: 'Nueva tarea', maxScore: 50, latePolicy: { mode: 'penalize', penaltyPercentPerDay: 10 } }),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/{id}/',
    handler: assignmentRoute.GET,
    request: async (world, s) => ({ ...at(await assignmentOfA(world)), ...authed(s) }),
    expected: readers(200),
    check: (persona, json: Assignment) => {
      if (persona === 'student') expect(json.mine).toMatchObject({ status: 'not_submitted', canSubmit: true });
      else expect(json.submissionsCount).toBe(0);
    },
  },
  {
    method: 'PATCH',
    path: '/api/v2/assignments/{id}/',
    handler: assignmentRoute.PATCH,
    request: async (world, s) => ({ method: 'PATCH', ...at(await assignmentOfA(world)), body: { title: 'Otro título' }, ...authed(s) }),
    expected: staff(200),
    check: (_, json: Assignment) => expect(json.title).toBe('Otro título'),
  },
  {
    method: 'DELETE',
    path: '/api/v2/assignments/{id}/',
    handler: assignmentRoute.DELETE,
    request: async (world, s) => ({ method: 'DELETE', ...at(await assignmentOfA(world)), ...authed(s) }),
    expected: staff(204),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/{id}/submissions/',
    handler: submissionsRoute.GET,
    request: async (world, s) => ({ ...at((await submissionOfA(world)).assignment, 'submissions/'), ...authed(s) }),
    expected: readers(200),
    check: (persona, json: { count: number; results: { text?: string | null; student?: unknown }[] }, world) => {
      if (persona === 'student') {
        expect(json.results).toHaveLength(1);
        expect(json.results[0]!.text).toBe('Mi entrega');
      } else {
        // Staff get the grading list: cohort A's student, never cohort B's.
        expect(JSON.stringify(json)).toContain(world.student.email);
        expect(JSON.stringify(json)).not.toContain(world.otherStudent.email);
      }
    },
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/{id}/submissions/',
    handler: submissionsRoute.POST,
    request: async (world, s) => ({ ...at(await assignmentOfA(world), 'submissions/'), ...multipart([{ name: 'text', value: 'Mi respuesta' }]), ...authed(s) }),
    expected: submitters(201),
    check: (_, json: Submission) => expect(json).toMatchObject({ status: 'submitted', text: 'Mi respuesta', score: null, feedback: null }),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/{id}/submissions/zip/',
    handler: zipRoute,
    request: async (world, s) => ({ ...at((await submissionOfA(world)).assignment, 'submissions/zip/'), ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/{id}/roster/',
    handler: rosterRoute,
    request: async (world, s) => ({ ...at((await submissionOfA(world)).assignment, 'roster/'), ...authed(s) }),
    expected: staff(200),
    check: (_, json: { rows: { state: string }[]; counts: { submitted: number } }) => {
      expect(json.rows).toHaveLength(1);
      expect(json.counts.submitted).toBe(1);
    },
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/{id}/release-grades/',
    handler: releaseRoute.POST,
    request: async (world, s) => ({ method: 'POST', ...at(await assignmentOfA(world, { gradeRelease: 'manual' }), 'release-grades/'), ...authed(s) }),
    expected: staff(200),
    check: (_, json: Assignment) => expect(json.gradesReleasedAt).not.toBeNull(),
  },
  {
    method: 'DELETE',
    path: '/api/v2/assignments/{id}/release-grades/',
    handler: releaseRoute.DELETE,
    request: async (world, s) => ({ method: 'DELETE', ...at(await assignmentOfA(world, { gradeRelease: 'manual' }), 'release-grades/'), ...authed(s) }),
    expected: staff(200),
    check: (_, json: Assignment) => expect(json.gradesReleasedAt).toBeNull(),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/{id}/grading-sheet/',
    handler: sheetRoute.GET,
    request: async (world, s) => ({ ...at((await submissionOfA(world)).assignment, 'grading-sheet/'), ...authed(s) }),
    expected: staff(200),
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/{id}/grading-sheet/',
    handler: sheetRoute.POST,
    request: async (world, s) => {
      const { assignment, submission } = await submissionOfA(world);
      return { ...at(assignment, 'grading-sheet/?dryRun=true'), ...multipart([{ name: 'file', value: `id_entrega,calificacion\n${submission.id},80\n`, file: { name: 'notas.csv', type: 'text/csv' } }]), ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { dryRun: boolean; graded: number }) => expect(json).toMatchObject({ dryRun: true, graded: 1 }),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/download/{id}/',
    handler: downloadRoute,
    request: async (world, s) => {
      const id = String((await submissionOfA(world)).submission.files[0]!.id);
      return { path: `/api/v2/assignments/download/${id}/`, params: { id }, ...authed(s) };
    },
    expected: ownerAndStaff(200),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/submissions/{id}/',
    handler: detailRoute,
    request: async (world, s) => {
      const id = String((await submissionOfA(world)).submission.id);
      return { path: `/api/v2/assignments/submissions/${id}/`, params: { id }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { history: unknown[] }) => expect(json.history).toHaveLength(1),
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/submissions/grade/',
    handler: gradeRoute,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      return { path: '/api/v2/assignments/submissions/grade/', body: { submissionId: submission.id, score: 90, feedback: 'Muy bien' }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { score: number }) => expect(json.score).toBe(90),
  },
  {
    method: 'POST',
    path: '/api/v2/assignments/submissions/grade/bulk/',
    handler: bulkRoute,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      return { path: '/api/v2/assignments/submissions/grade/bulk/', body: { grades: [{ submissionId: submission.id, score: 70 }] }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { graded: number }) => expect(json.graded).toBe(1),
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/submissions/zip/{exportId}/',
    handler: exportRoute,
    request: async (world, s) => {
      const { assignment } = await submissionOfA(world);
      const tutor = callerOf(world.tutor, 'staff');
      const job = await requestZipExport(tutor, assignment.id, await planZip(tutor, assignment.id, { lang: 'es' }), { lang: 'es' });
      return { path: `/api/v2/assignments/submissions/zip/${job.id}/`, params: { exportId: String(job.id) }, ...authed(s) };
    },
    // Only whoever asked for it (the tutor) sees a zip being built.
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 200, cohortAdmin: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/v2/assignments/submissions/zip/{exportId}/download/',
    handler: exportDownloadRoute,
    request: async (world, s) => {
      const { assignment } = await submissionOfA(world);
      const tutor = callerOf(world.tutor, 'staff');
      const job = await requestZipExport(tutor, assignment.id, await planZip(tutor, assignment.id, { lang: 'es' }), { lang: 'es' });
      await buildZipExport(job.id);
      return { path: `/api/v2/assignments/submissions/zip/${job.id}/download/`, params: { exportId: String(job.id) }, ...authed(s) };
    },
    expected: { outsider: 401, student: 404, otherStudent: 404, tutor: 200, cohortAdmin: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/v2/feedbacks/',
    handler: feedbacksRoute.GET,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      await createFeedback(callerOf(world.admin, 'admin'), { studentId: world.student.id, submissionId: submission.id, body: 'Revisa la conclusión' });
      return { path: '/api/v2/feedbacks/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { count: number }) => expect(json.count).toBe(persona === 'otherStudent' ? 0 : 1),
  },
  {
    method: 'POST',
    path: '/api/v2/feedbacks/',
    handler: feedbacksRoute.POST,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      return { path: '/api/v2/feedbacks/', body: { studentId: world.student.id, submissionId: submission.id, body: 'Buen trabajo' }, ...authed(s) };
    },
    expected: staff(201),
    check: (_, json: { body: string; seenAt: string | null }) => expect(json).toMatchObject({ body: 'Buen trabajo', seenAt: null }),
  },
  {
    method: 'GET',
    path: '/api/v2/feedbacks/unseen/',
    handler: unseenRoute,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      await createFeedback(callerOf(world.admin, 'admin'), { studentId: world.student.id, submissionId: submission.id, body: 'Revisa la conclusión' });
      return { path: '/api/v2/feedbacks/unseen/', ...authed(s) };
    },
    expected: members(200),
    check: (persona, json: { count: number }) => expect(json.count).toBe(persona === 'student' ? 1 : 0),
  },
  {
    method: 'POST',
    path: '/api/v2/feedbacks/{id}/seen/',
    handler: seenRoute,
    request: async (world, s) => {
      const { submission } = await submissionOfA(world);
      const feedback = await createFeedback(callerOf(world.admin, 'admin'), { studentId: world.student.id, submissionId: submission.id, body: 'Revisa la conclusión' });
      return { path: `/api/v2/feedbacks/${feedback.id}/seen/`, params: { id: String(feedback.id) }, ...authed(s) };
    },
    // Only the student it was written to marks it read; anyone else finds nothing.
    expected: { outsider: 401, student: 200, otherStudent: 404, tutor: 404, admin: 404 },
    check: (_, json: { seenAt: string | null }) => expect(json.seenAt).not.toBeNull(),
  },
  {
    method: 'GET',
    path: '/api/v2/cohorts/{id}/content/assignments/',
    handler: cohortAssignmentsRoute,
    request: async (world, s) => {
      await submissionOfA(world);
      return { path: `/api/v2/cohorts/${world.cohortA.id}/content/assignments/?students=true`, params: { id: String(world.cohortA.id) }, ...authed(s) };
    },
    expected: staff(200),
    check: (_, json: { results: { assignment: { title: string }; counts: { submitted: number } }[] }) => {
      const row = json.results.find((item) => item.assignment.title === 'Tarea de la matriz');
      expect(row?.counts.submitted).toBe(1);
    },
  },
  {
    method: 'PUT',
    path: '/api/v2/cohorts/{id}/content/assignments/{assignmentId}/',
    handler: cohortDueDateRoute,
    request: async (world, s) => {
      const assignment = await assignmentOfA(world);
      return {
        method: 'PUT',
        path: `/api/v2/cohorts/${world.cohortA.id}/content/assignments/${assignment.id}/`,
        params: { id: String(world.cohortA.id), assignmentId: String(assignment.id) },
        body: { dueAt: '2099-03-01T23:59:00-05:00' },
        ...authed(s),
      };
    },
    expected: staff(200),
    check: (_, json: { isMoved: boolean; dueAt: string }) => {
      expect(json.isMoved).toBe(true);
      expect(Date.parse(json.dueAt)).toBe(Date.parse('2099-03-01T23:59:00-05:00'));
    },
  },
  {
    method: 'GET',
    path: '/api/v2/programs/{id}/assignments/',
    handler: programAssignmentsRoute,
    request: async (world, s) => {
      await assignmentOfA(world, { isCheckpoint: true, title: 'Punto de control' });
      return { path: `/api/v2/programs/${world.courseA.programId}/assignments/?is_checkpoint=true`, params: { id: String(world.courseA.programId) }, ...authed(s) };
    },
    expected: readers(200),
    check: (_, json: { results: { title: string; isCheckpoint: boolean }[] }) => {
      expect(json.results.map((item) => item.title)).toEqual(['Punto de control']);
    },
  },
];
