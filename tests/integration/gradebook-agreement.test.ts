/**
 * Issue 31's property: for random histories of grades (late, unreleased,
 * missing, retaken), lessons completed and attendance, the gradebook
 * endpoint, its CSV export, the approvals endpoint and approvalsOf agree
 * (0 mismatches), and the course grade is the one an independent, simple
 * computation of the weights gives; and every cohort read at once (the
 * funder report's set-wise read) gives what each read alone gives, also
 * for a sibling cohort sharing the course with its own due dates. Seeded,
 * so a failure can be replayed.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { GET as gradebookRoute } from '~/pages/api/v2/cohorts/[id]/gradebook/index';
import { GET as approvalsRoute } from '~/pages/api/v2/cohorts/[id]/approvals';
import * as cohortRuleRoute from '~/pages/api/v2/cohorts/[id]/approval-rule';
import { GET as reportsRoute } from '~/pages/api/v2/reports/index';
import { getDb } from '~/lib/server/db/client';
import { approvalsOf, approvalsOfCohorts } from '~/lib/server/services/gradebook/approvals';
import { assignmentDueDates } from '~/lib/server/db/schema';
import type { Gradebook } from '~/lib/shared/schemas/gradebook';
import { call } from '../support/http';
import { seededRandom } from '../support/seeded-random';
import { accessTokenFor, createAssignment, createCohort, createLesson, createReleasedCourse, createUser, enrollStudent, releaseCourse } from '../factories';
import { attend, completeLesson, completeQuiz, createGradeCategory, createQuizIn, createSession, gradeSubmission } from '../factories/gradebook';

const RUNS = 6;
const DAY_MS = 86_400_000;

interface ModelItem {
  key: string;
  categoryIndex: number;
  /** What counts for each student (percent) or null when it does not count yet. */
  percents: Map<number, number | null>;
}

/** The reference: each category's mean after dropping its lowest, weighted over the categories with something to count. */
function referencePercent(categories: { weight: number; dropLowest: number }[], items: ModelItem[], userId: number): number | null {
  let sum = 0;
  let weights = 0;
  categories.forEach((category, index) => {
    const values = items.filter((item) => item.categoryIndex === index).map((item) => item.percents.get(userId)).filter((value): value is number => value !== null && value !== undefined);
    if (values.length === 0) return;
    values.sort((a, b) => a - b);
    const kept = values.slice(Math.min(category.dropLowest, values.length - 1));
    sum += category.weight * (kept.reduce((total, value) => total + value, 0) / kept.length);
    weights += category.weight;
  });
  return weights === 0 ? null : sum / weights;
}

const numberOf = (cell: string) => (cell === '' ? null : Number(cell));

describe('the gradebook, its export and the approval states agree', () => {
  it(`for ${RUNS} random cohorts`, { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    const db = await getDb();
    const cohortIds: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const seed = 31_000 + run;
      const random = seededRandom(seed);
      const now = Date.now();
      const cohort = await createCohort({ startsOn: new Date(now - 60 * DAY_MS).toISOString().slice(0, 10), endsOn: new Date(now + random.pick([-10, 5, 90]) * DAY_MS).toISOString().slice(0, 10) });
      const course = await createReleasedCourse(cohort);
      cohortIds.push(cohort.id);
      const admin = await createUser({ userType: 'admin' });
      const token = await accessTokenFor(admin);

      // Weights: a random split of 100 into 1–3 categories.
      const count = random.int(1, 3);
      const cuts = [0, ...Array.from({ length: count - 1 }, () => random.int(5, 95)).sort((a, b) => a - b), 100];
      const weights = cuts.slice(1).map((cut, index) => cut - cuts[index]!).map((weight) => Math.max(weight, 1));
      weights[weights.length - 1] = 100 - weights.slice(0, -1).reduce((sum, weight) => sum + weight, 0);
      if (weights.some((weight) => weight <= 0)) weights.splice(0, weights.length, 100);
      const categories = weights.map((weight) => ({ weight, dropLowest: random.int(0, 2) }));
      const categoryRows = [];
      for (const category of categories) categoryRows.push(await createGradeCategory(course.id, category));

      const students = [];
      for (let index = 0; index < random.int(2, 5); index++) {
        const student = await createUser({ userType: 'student' });
        await enrollStudent(student, cohort);
        students.push(student);
      }

      const items: ModelItem[] = [];
      for (let index = 0; index < random.int(2, 6); index++) {
        const categoryIndex = random.int(0, categories.length - 1);
        const maxScore = random.pick([10, 50, 100]);
        const due = random.pick(['past', 'future', 'none'] as const);
        const release = random.pick(['automatic', 'manual', 'released'] as const);
        const assignment = await createAssignment({
          courseId: course.id,
          maxScore,
          gradeCategoryId: categoryRows[categoryIndex]!.id,
          mustPass: random.next() < 0.3,
          dueAt: due === 'past' ? new Date(now - 3 * DAY_MS) : due === 'future' ? new Date(now + 3 * DAY_MS) : null,
          gradeRelease: release === 'automatic' ? 'automatic' : 'manual',
          gradesReleasedAt: release === 'released' ? new Date(now - DAY_MS) : null,
        });
        const percents = new Map<number, number | null>();
        for (const student of students) {
          const outcome = random.pick(['none', 'graded', 'graded', 'ungraded', 'resubmitted'] as const);
          if (outcome === 'none') {
            percents.set(student.id, due === 'past' ? 0 : null);
            continue;
          }
          const score = random.int(0, maxScore);
          const penalty = random.pick([0, 0, 10, 25]);
          if (outcome === 'resubmitted') await gradeSubmission(assignment.id, student.id, random.int(0, maxScore), { number: 1 });
          await gradeSubmission(assignment.id, student.id, outcome === 'ungraded' ? null : score, { number: outcome === 'resubmitted' ? 2 : 1, penaltyPercent: penalty });
          const visible = release !== 'manual' && outcome !== 'ungraded';
          percents.set(student.id, visible ? ((Math.round(score * (100 - penalty)) / 100) / maxScore) * 100 : null);
        }
        items.push({ key: `assignment:${assignment.id}`, categoryIndex, percents });
      }
      for (let index = 0; index < random.int(0, 3); index++) {
        const categoryIndex = random.int(0, categories.length - 1);
        const closed = random.next() < 0.5;
        const quiz = await createQuizIn(course.id, categoryRows[categoryIndex]!.id, { closesAt: closed ? new Date(now - DAY_MS) : new Date(now + DAY_MS), mustPass: random.next() < 0.3 });
        const percents = new Map<number, number | null>();
        for (const student of students) {
          const attempts = random.int(0, 2);
          const scores = Array.from({ length: attempts }, () => random.int(0, 100));
          for (const [number, percent] of scores.entries()) await completeQuiz(quiz.id, student.id, percent, { number: number + 1 });
          percents.set(student.id, scores.length ? Math.max(...scores) : closed ? 0 : null);
        }
        items.push({ key: `quiz:${quiz.id}`, categoryIndex, percents });
      }

      const lessons = [];
      for (let index = 0; index < random.int(0, 3); index++) lessons.push(await createLesson({ courseId: course.id }));
      const sessions = [];
      for (let index = 0; index < random.int(0, 4); index++) sessions.push(await createSession(cohort.id, new Date(now + random.pick([-5, -2, 4]) * DAY_MS - index * 60_000)));
      for (const student of students) {
        for (const lesson of lessons) if (random.next() < 0.6) await completeLesson(student.id, lesson.id);
        for (const session of sessions) if (session.startsAt.getTime() < now && random.next() < 0.6) await attend(session.id, student.id);
      }
      const rule = { minGrade: random.pick([2.5, 3, 3.5]), minCompletionPercent: random.pick([0, 50]), minAttendancePercent: random.pick([0, 60]), mustPassItems: random.next() < 0.5, allCoursesRequired: true, passMark: 3 };
      await call(cohortRuleRoute.PUT, { method: 'PUT', path: `/api/v2/cohorts/${cohort.id}/approval-rule/`, params: { id: String(cohort.id) }, body: rule, token });

      const gradebook = (await call(gradebookRoute, { path: `/api/v2/cohorts/${cohort.id}/gradebook/?course_id=${course.id}`, params: { id: String(cohort.id) }, token })).json as Gradebook;
      const csv = await call(reportsRoute, { path: `/api/v2/reports/?type=gradebook&cohort_id=${cohort.id}&course_id=${course.id}&export_format=csv`, token, headers: { 'accept-language': 'en' } });
      const [header, ...records] = parse(String(csv.json), { bom: true }) as string[][];
      const approvals = (await call(approvalsRoute, { path: `/api/v2/cohorts/${cohort.id}/approvals/`, params: { id: String(cohort.id) }, token })).json as { results: { userId: number; state: string }[] };
      const direct = await approvalsOf(db, cohort.id);
      const stateLabel: Record<string, string> = { approved: 'Approved', in_progress: 'In progress', at_risk: 'At risk', not_approved: 'Not approved' };

      const mismatch = (what: string, expected: unknown, got: unknown) => mismatches.push(`seed ${seed}: ${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}`);
      if (gradebook.rows.length !== students.length || records.length !== students.length) mismatch('rows', students.length, [gradebook.rows.length, records.length]);
      const courseColumn = header!.indexOf('Course grade (%)');
      for (const row of gradebook.rows) {
        const record = records.find((cells) => cells[2] === row.email)!;
        const expectedPercent = referencePercent(categories, items, row.userId);
        if ((expectedPercent === null) !== (row.coursePercent === null) || (expectedPercent !== null && Math.abs(expectedPercent - row.coursePercent!) > 0.006)) mismatch(`course % of ${row.userId}`, expectedPercent, row.coursePercent);
        if (row.courseGrade !== (expectedPercent === null ? null : Math.round(expectedPercent / 2 + 1e-9) / 10)) mismatch(`grade of ${row.userId}`, expectedPercent, row.courseGrade);
        for (const item of items) {
          const expected = item.percents.get(row.userId) ?? null;
          const got = row.items.find((entry) => entry.key === item.key)!.percent;
          if ((expected === null) !== (got === null) || (expected !== null && Math.abs(expected - got!) > 0.006)) mismatch(`${item.key} of ${row.userId}`, expected, got);
        }
        // The file holds the endpoint's numbers, cell for cell.
        const cells = [...row.items.map((item) => item.percent), ...row.categories.map((category) => category.averagePercent), row.coursePercent, row.courseGrade];
        const fileCells = record.slice(3, courseColumn + 2).map(numberOf);
        if (JSON.stringify(fileCells) !== JSON.stringify(cells)) mismatch(`csv numbers of ${row.userId}`, cells, fileCells);
        if (record.at(-2) !== stateLabel[row.approval.state]) mismatch(`csv state of ${row.userId}`, stateLabel[row.approval.state], record.at(-2));
        const listed = approvals.results.find((entry) => entry.userId === row.userId)?.state;
        const read = direct.find((entry) => entry.userId === row.userId)?.state;
        if (listed !== row.approval.state || read !== row.approval.state) mismatch(`state of ${row.userId}`, row.approval.state, [listed, read]);
      }

      // A sibling cohort studies the same course with some of the same students and its own due dates (moved past the
      // missing ones): the set-wise read over many cohorts must keep each cohort's dates, students and rule apart.
      const sibling = await createCohort({ programId: cohort.programId, startsOn: cohort.startsOn, endsOn: cohort.endsOn });
      await releaseCourse(sibling, course);
      for (const student of students) if (random.next() < 0.5) await enrollStudent(student, sibling);
      for (const item of items) {
        if (item.key.startsWith('assignment:') && random.next() < 0.5) {
          await db.insert(assignmentDueDates).values({ cohortId: sibling.id, assignmentId: Number(item.key.split(':')[1]), dueAt: new Date(now + 5 * DAY_MS) });
        }
      }
      cohortIds.push(sibling.id);
    }
    // Every cohort read at once gives what each read alone gives, student for student (the funder report reads so).
    const together = await approvalsOfCohorts(db, [...cohortIds, 999_999]);
    for (const cohortId of cohortIds) {
      const alone = await approvalsOf(db, cohortId);
      if (JSON.stringify(together.get(cohortId)) !== JSON.stringify(alone)) mismatches.push(`cohort ${cohortId} read with the others: ${JSON.stringify(together.get(cohortId))} ≠ ${JSON.stringify(alone)}`);
    }
    expect(together.get(999_999)).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});
