/**
 * A tutor's to-do list (/pending, services/reports/pending-work.ts): the
 * submissions waiting for a grade, quiz answers waiting for a hand grade and
 * unreviewed forum reports of their own cohorts, oldest first, each line
 * linking where the work is done; another cohort's work never shows, a
 * student has no such page (issue 35).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import HomePage from '~/pages/home.astro';
import PendingPage from '~/pages/pending.astro';
import { getDb } from '~/lib/server/db/client';
import { forumReports, forumThreads, submissions } from '~/lib/server/db/schema';
import { listPendingWork } from '~/lib/server/services/reports/pending-work';
import { callerOf, createForumRow } from '../factories/forums';
import { createUser, createWorld, enrollStudent } from '../factories';
import { renderPage } from '../support/astro-pages';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  world = await createWorld();
  const db = await getDb();
  const classmate = await createUser({ userType: 'student' });
  await enrollStudent(classmate, world.cohortA);
  await db.insert(submissions).values([
    { assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'submitted', submittedAt: new Date(Date.now() - 3 * DAY_MS) },
    { assignmentId: world.assignmentA.id, userId: classmate.id, number: 1, status: 'late', submittedAt: new Date(Date.now() - DAY_MS) },
    // Another cohort's: never on cohort A's tutor's list.
    { assignmentId: world.assignmentB.id, userId: world.otherStudent.id, number: 1, status: 'submitted', submittedAt: new Date(Date.now() - 5 * DAY_MS) },
  ]);
  const forum = await createForumRow({ cohortId: world.cohortA.id }, { title: 'Foro de la cohorte A' });
  const [thread] = await db.insert(forumThreads).values({ forumId: forum.id, authorId: world.student.id, title: 'Una pregunta', bodyMd: 'Hola', bodyHtml: '<p>Hola</p>' }).returning();
  await db.insert(forumReports).values({ targetType: 'thread', targetId: thread!.id, threadId: thread!.id, forumId: forum.id, reporterId: classmate.id, reason: 'spam', createdAt: new Date(Date.now() - 2 * DAY_MS) });
});

describe('the to-do list', () => {
  it('shows a tutor their cohort’s waiting submissions and reports, oldest first, and nothing of another cohort', async () => {
    const items = await listPendingWork(await callerOf(world.tutor));
    expect(items.map(({ kind, title, count }) => ({ kind, title, count }))).toEqual([
      { kind: 'submissions', title: 'Tarea A', count: 2 },
      { kind: 'reports', title: 'Foro de la cohorte A', count: 1 },
    ]);
  });

  it('drops a submission once it is graded', async () => {
    const db = await getDb();
    await db.update(submissions).set({ score: 90, gradedAt: new Date() });
    const items = await listPendingWork(await callerOf(world.tutor));
    expect(items.filter((item) => item.kind === 'submissions')).toEqual([]);
  });

  it('shows an admin every cohort’s', async () => {
    const items = await listPendingWork(await callerOf(world.admin));
    expect(items.filter((item) => item.kind === 'submissions').map((item) => item.title)).toEqual(['Tarea B', 'Tarea A']);
  });

  it('is a page with a link to each place the work is done; a student gets 404', async () => {
    const { status, html } = await renderPage(PendingPage, { path: '/pending', userId: world.tutor.id });
    expect(status).toBe(200);
    expect(html).toContain(`href="/assignments/${world.assignmentA.id}/grading"`);
    expect(html).toContain('2 entregas por calificar');
    expect(html).toContain('1 reporte sin revisar');
    const student = await renderPage(PendingPage, { path: '/pending', userId: world.student.id });
    expect(student.status).toBe(404);
    expect(student.html).toContain('Esta página es para tutores y administradores.');
  });

  it('puts its oldest lines on a tutor’s home: the grading view is one click away', async () => {
    const { html } = await renderPage(HomePage, { path: '/home', userId: world.tutor.id });
    const card = html.slice(html.indexOf('id="pending-heading"'), html.indexOf('id="dashboard-heading"'));
    expect(card).toContain(`href="/assignments/${world.assignmentA.id}/grading"`);
    expect(card).toContain('2 entregas por calificar');
    // Every count of the dashboard leads to what it counts: the whole to-do list, the students at risk, the reports.
    expect(html).toMatch(/<a href="\/pending"><strong>2<\/strong>/);
    expect(html).toMatch(/<a href="#chart-risk"><strong>\d+<\/strong>/);
    expect(html).toMatch(/<a href="\/admin\/reports"><strong>\d+<\/strong>/);
  });
});
