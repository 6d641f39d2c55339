/**
 * Issue 14: spreadsheet reports. Each type is downloaded as a real XLSX (or
 * CSV), read back with exceljs (csv-parse) and checked against what the
 * database holds; the header is frozen, columns keep their types, formulas
 * are neutralised, the file is named after the type and the date; staff see
 * only their cohorts; large reports are built by the job engine; pages of
 * memberships follow each other without losing or repeating a student.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as reportRoute } from '~/pages/api/v2/reports/index';
import { GET as exportRoute } from '~/pages/api/v2/reports/exports/[exportId]/index';
import { GET as exportDownloadRoute } from '~/pages/api/v2/reports/exports/[exportId]/download';
import { getDb } from '~/lib/server/db/client';
import { liveAttendance, liveSessions, personalDataAccess, profiles, quizAttempts, quizzes, submissions, users } from '~/lib/server/db/schema';
import { buildReportExport } from '~/lib/server/services/reports/report-exports';
import { getDashboardFigures } from '~/lib/server/services/reports/dashboard';
import { seedDemoData } from '~/lib/server/services/demo-data';
import { callerOf } from '../factories/forums';
import { renderPage } from '../support/astro-pages';
import AdminPage from '~/pages/admin/index.astro';
import HomePage from '~/pages/home.astro';
import ReportsPage from '~/pages/admin/reports/index.astro';
import { resetConfig } from '~/lib/server/config';
import { ROLE_IDS } from '~/lib/shared/constants';
import { ORIGIN, call } from '../support/http';
import { accessTokenFor, createCohort, createLesson, createUser, createWorld, enrollStudent } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
let world: World;
let tokens: { admin: string; tutor: string; student: string };

const HOUR_MS = 60 * 60 * 1000;
/** Colombia is UTC−5: a spreadsheet cell holds Bogotá's wall clock. */
const bogota = (date: Date) => new Date(date.getTime() - 5 * HOUR_MS);

async function download(path: string, token: string, lang = 'es') {
  const response = await reportRoute({ request: new Request(new URL(path, ORIGIN), { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } }), params: {}, clientAddress: '127.0.0.1' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, header: rows[0] as string[], rows: rows.slice(1) };
}

/** A row as an object keyed by the header's labels (empty cells as null). */
const byHeader = (header: string[], row: unknown[]) => Object.fromEntries(header.map((label, index) => [label, row[index] ?? null]));

beforeEach(async () => {
  world = await createWorld();
  tokens = { admin: await accessTokenFor(world.admin), tutor: await accessTokenFor(world.tutor), student: await accessTokenFor(world.student) };
});

describe('GET /api/v2/reports/', () => {
  it('progress: one row per student and course of their cohort, as a frozen, typed XLSX named after the type and the date', async () => {
    const db = await getDb();
    const [first, second, , draft] = [
      await createLesson({ courseId: world.courseA.id }),
      await createLesson({ courseId: world.courseA.id }),
      await createLesson({ courseId: world.courseA.id }),
      await createLesson({ courseId: world.courseA.id, publishedAt: null }),
    ];
    const done = new Date('2026-03-10T15:30:00Z');
    await db.execute(sql`insert into lesson_history (user_id, lesson_id, progress, started_at, completed_at, updated_at) values
      (${world.student.id}, ${first!.id}, 100, ${done.toISOString()}, ${done.toISOString()}, ${done.toISOString()}),
      (${world.student.id}, ${second!.id}, 40, ${done.toISOString()}, null, ${done.toISOString()}),
      (${world.student.id}, ${draft!.id}, 100, ${done.toISOString()}, ${done.toISOString()}, ${done.toISOString()})`);

    const file = await download(`/api/v2/reports/?type=progress&cohort_id=${world.cohortA.id}&export_format=xlsx`, tokens.admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toMatch(/filename="reporte-progreso-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheet, header, rows } = await readXlsx(file.bytes);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(header).toEqual(['Cohorte', 'Apellidos', 'Nombres', 'Correo electrónico', 'Curso', 'Lecciones', 'Lecciones completadas', 'Progreso (%)', 'Última actividad']);
    expect(rows).toHaveLength(1);
    // Three published lessons, one completed (the draft's completion does not count): 33 %.
    expect(rows[0]).toEqual([world.cohortA.name, world.student.lastName, world.student.firstName, world.student.email, world.courseA.name, 3, 1, 33, bogota(done)]);
    expect(rows[0]![8]).toBeInstanceOf(Date);
  });

  it('grades: every published quiz and assignment per student, with the best attempt and the latest submission after its penalty', async () => {
    const db = await getDb();
    const [quiz] = await db.insert(quizzes).values({ courseId: world.courseA.id, title: 'Quiz de ciclos', activityType: 'evaluation', published: true }).returning();
    const completedAt = new Date('2026-04-01T13:00:00Z');
    await db.insert(quizAttempts).values([
      { quizId: quiz!.id, userId: world.student.id, number: 1, status: 'completed', questions: [], score: 4, maxScore: 10, percent: 40, passed: false, completedAt },
      { quizId: quiz!.id, userId: world.student.id, number: 2, status: 'completed', questions: [], score: 8, maxScore: 10, percent: 80, passed: true, completedAt },
    ]);
    await db.insert(submissions).values({ assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'late', submittedAt: completedAt, score: 90, penaltyPercent: 10, lateDays: 1 });

    const { header, rows } = await readXlsx((await download(`/api/v2/reports/?type=grades&cohort_id=${world.cohortA.id}`, tokens.admin)).bytes);
    const found = rows.map((row) => byHeader(header, row));
    expect(found.map((row) => [row.Tipo, row.Actividad, row['Clase de actividad'], row.Estado, row.Nota, row['Nota máxima'], row['Porcentaje (%)']])).toEqual([
      ['Cuestionario', 'Quiz de ciclos', 'Evaluación', 'Calificada', 8, 10, 80],
      ['Tarea', 'Tarea A', 'Práctica', 'Calificada', 81, 100, 81],
    ]);
    expect(found[0]!.Fecha).toEqual(bogota(completedAt));
  });

  it('quiz results, submissions and attendance: one row per attempt, per submission and per past session of the cohort', async () => {
    const db = await getDb();
    const [quiz] = await db.insert(quizzes).values({ courseId: world.courseA.id, title: 'Quiz 1', activityType: 'practical', published: true }).returning();
    await db.insert(quizAttempts).values([
      { quizId: quiz!.id, userId: world.student.id, number: 1, status: 'completed', questions: [], score: 6, maxScore: 10, percent: 60, passed: true, completedAt: new Date() },
      { quizId: quiz!.id, userId: world.student.id, number: 2, status: 'in_progress', questions: [] },
    ]);
    await db.insert(submissions).values([
      { assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'submitted', text: 'primera' },
      { assignmentId: world.assignmentA.id, userId: world.student.id, number: 2, status: 'submitted', text: 'segunda', score: 70, gradedAt: new Date() },
      // Another cohort's work never shows up in cohort A's report.
      { assignmentId: world.assignmentB.id, userId: world.otherStudent.id, number: 1, status: 'submitted' },
    ]);
    const startsAt = new Date(Date.now() - 48 * HOUR_MS);
    const [past, missed] = await db
      .insert(liveSessions)
      .values([
        { cohortId: world.cohortA.id, className: 'Clase 1', videoLink: 'https://meet.example.co/1', durationS: 3600, startsAt, endsAt: new Date(startsAt.getTime() + HOUR_MS) },
        { cohortId: world.cohortA.id, className: 'Clase 2', videoLink: 'https://meet.example.co/2', durationS: 3600, startsAt: new Date(startsAt.getTime() + 24 * HOUR_MS), endsAt: new Date(startsAt.getTime() + 25 * HOUR_MS) },
        { cohortId: world.cohortA.id, className: 'Futura', videoLink: 'https://meet.example.co/3', durationS: 3600, startsAt: new Date(Date.now() + 24 * HOUR_MS), endsAt: new Date(Date.now() + 25 * HOUR_MS) },
      ])
      .returning();
    await db.insert(liveAttendance).values({ sessionId: past!.id, userId: world.student.id, firstJoinedAt: startsAt, lastJoinedAt: startsAt, joins: 2 });

    const quizRows = await readXlsx((await download('/api/v2/reports/?type=quiz_results', tokens.tutor)).bytes);
    expect(quizRows.rows.map((row) => byHeader(quizRows.header, row)).map((row) => [row.Cuestionario, row.Intento, row.Estado, row['Porcentaje (%)'], row.Aprobado])).toEqual([
      ['Quiz 1', 1, 'Calificada', 60, 'Sí'],
      ['Quiz 1', 2, 'En curso', null, null],
    ]);

    const submissionRows = await readXlsx((await download('/api/v2/reports/?type=submissions', tokens.tutor)).bytes);
    expect(submissionRows.rows.map((row) => byHeader(submissionRows.header, row)).map((row) => [row['Correo electrónico'], row['Entrega n.º'], row['Nota final']])).toEqual([
      [world.student.email, 1, null],
      [world.student.email, 2, 70],
    ]);

    const attendanceRows = await readXlsx((await download('/api/v2/reports/?type=attendance', tokens.tutor)).bytes);
    expect(attendanceRows.rows.map((row) => byHeader(attendanceRows.header, row)).map((row) => [row['Sesión'], row['Asistió'], row.Ingresos])).toEqual([
      ['Clase 1', 'Sí', 2],
      ['Clase 2', 'No', 0],
    ]);
    expect(missed!.id).toBeGreaterThan(past!.id);
  });

  it('users: the person form with its labels and place names, and each person exported is logged for Ley 1581', async () => {
    const db = await getDb();
    await db.insert(profiles).values({ userId: world.student.id, documentType: 'CC', documentNumber: '1036654321', genre: 'female', municipality: '05001', stratum: 2, englishLevel: 'A2', worksInIndustry: false });
    const { header, rows } = await readXlsx((await download('/api/v2/reports/?type=users', tokens.tutor)).bytes);
    expect(rows).toHaveLength(1);
    const row = byHeader(header, rows[0]!);
    expect(row).toMatchObject({
      'Correo electrónico': world.student.email,
      'Estado de la cuenta': 'Activa',
      'Número de documento': '1036654321',
      Género: 'Femenino',
      Departamento: 'Antioquia',
      Municipio: 'Medellín',
      Estrato: 2,
      'Trabaja en la industria': 'No',
    });
    expect(row.Registro).toBeInstanceOf(Date);
    const logged = await db.select().from(personalDataAccess).where(eq(personalDataAccess.subjectId, world.student.id));
    expect(logged.map((entry) => [entry.actorId, entry.action])).toEqual([[world.tutor.id, 'export']]);
  });

  it('CSV in Spanish: BOM, semicolons, decimal commas, and a name that would run as a formula written as text', async () => {
    const db = await getDb();
    await db.update(users).set({ firstName: '=HYPERLINK("http://evil.example","clic")', lastName: '+57 Pérez' }).where(eq(users.id, world.student.id));
    await db.insert(submissions).values({ assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'submitted', score: 87.5, gradedAt: new Date() });
    const file = await download('/api/v2/reports/?type=submissions&export_format=csv', tokens.admin);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/filename="reporte-entregas-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = file.bytes.toString('utf8');
    expect(text.startsWith('\uFEFFCohorte;Apellidos;Nombres;')).toBe(true);
    const [header, ...rows] = parse(text, { bom: true, delimiter: ';' }) as string[][];
    const row = byHeader(header!, rows[0]!);
    expect(row).toMatchObject({ Apellidos: "'+57 Pérez", Nombres: `'=HYPERLINK("http://evil.example","clic")`, Nota: '87,5', 'Nota final': '87,5' });
    expect(row.Entregada).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('English headers and labels for an English caller, and an XLSX cell that would run as a formula stays text', async () => {
    const db = await getDb();
    await db.update(users).set({ lastName: '@SUM(A1:A9)' }).where(eq(users.id, world.student.id));
    const { header, rows } = await readXlsx((await download('/api/v2/reports/?type=users', tokens.admin, 'en')).bytes);
    expect(header.slice(0, 5)).toEqual(['Cohort', 'Last name', 'First name', 'Email', 'Account status']);
    expect(rows.map((row) => row[1])).toContain("'@SUM(A1:A9)");
  });

  it('staff see only their cohorts: a tutor gets cohort A without filters and 404 for cohort B; students 403; unknown filters 404; payments do not exist yet', async () => {
    const tutorFile = await readXlsx((await download('/api/v2/reports/?type=users', tokens.tutor)).bytes);
    expect(tutorFile.rows.map((row) => row[3])).toEqual([world.student.email]);
    const adminFile = await readXlsx((await download('/api/v2/reports/?type=users', tokens.admin)).bytes);
    expect(adminFile.rows.map((row) => row[3]).sort()).toEqual([world.student.email, world.otherStudent.email].sort());

    expect((await download(`/api/v2/reports/?type=users&cohort_id=${world.cohortB.id}`, tokens.tutor)).status).toBe(404);
    expect((await download('/api/v2/reports/?type=users', tokens.student)).status).toBe(403);
    expect((await download('/api/v2/reports/?type=users&learning_path_id=99999', tokens.admin)).status).toBe(404);
    expect((await download('/api/v2/reports/?type=users&cohort_id=99999', tokens.admin)).status).toBe(404);
    const payments = await call(reportRoute, { path: '/api/v2/reports/?type=payments', token: tokens.admin });
    expect(payments.status).toBe(400);
    expect(payments.json.error.fields.type).toBeTruthy();

    // A learning path filter keeps that path's cohorts only.
    const byPath = await readXlsx((await download(`/api/v2/reports/?type=users&learning_path_id=${world.cohortB.learningPathId}`, tokens.admin)).bytes);
    expect(byPath.rows.map((row) => row[3])).toEqual([world.otherStudent.email]);
  });

  it('reads the students a page at a time: 2,345 students come out once each, in order, across pages', async () => {
    const db = await getDb();
    const cohort = await createCohort({ status: 'ACTIVE' });
    await db.execute(sql`insert into users (email, first_name, last_name) select 'paged-' || g || '@senda.test', 'Estudiante', 'Página ' || lpad(g::text, 4, '0') from generate_series(1, 2345) g`);
    await db.execute(sql`insert into memberships (user_id, cohort_id, role_id) select id, ${cohort.id}, ${ROLE_IDS.student} from users where email like 'paged-%' order by id`);
    // A tutor and an INACTIVE student are not part of the report.
    await enrollStudent(await createUser(), cohort, { roleId: ROLE_IDS.tutor });
    await enrollStudent(await createUser(), cohort, { status: 'INACTIVE' });
    const file = await download(`/api/v2/reports/?type=users&cohort_id=${cohort.id}&export_format=csv`, tokens.admin);
    const [, ...rows] = parse(file.bytes.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
    expect(rows.map((row) => row[3])).toEqual(Array.from({ length: 2345 }, (_, index) => `paged-${index + 1}@senda.test`));
  });

  it('a report past REPORT_STREAM_MAX_ROWS (or delivery=job) is built by the job engine: 202, 409 until ready, then its progress is whole and it downloads', async () => {
    process.env.REPORT_STREAM_MAX_ROWS = '0';
    resetConfig();
    try {
      const requested = await call(reportRoute, { path: `/api/v2/reports/?type=users&cohort_id=${world.cohortA.id}`, token: tokens.tutor });
      expect(requested.status).toBe(202);
      expect(requested.json).toMatchObject({ status: 'queued', type: 'users', format: 'xlsx', rowsTotal: 1, downloadUrl: null });
      const exportId = String(requested.json.id);
      const fetchFile = () =>
        exportDownloadRoute({ request: new Request(new URL(`/api/v2/reports/exports/${exportId}/download/`, ORIGIN), { headers: { authorization: `Bearer ${tokens.tutor}` } }), params: { exportId }, clientAddress: '127.0.0.1' });
      expect((await fetchFile()).status).toBe(409);
      // The same request while it is queued answers the same job.
      expect((await call(reportRoute, { path: `/api/v2/reports/?type=users&cohort_id=${world.cohortA.id}`, token: tokens.tutor })).json.id).toBe(requested.json.id);

      await buildReportExport(Number(exportId));
      const status = await call(exportRoute, { path: `/api/v2/reports/exports/${exportId}/`, params: { exportId }, token: tokens.tutor });
      expect(status.json).toMatchObject({ status: 'ready', rowsDone: 1, rowsTotal: 1, downloadUrl: `/api/v2/reports/exports/${exportId}/download/` });
      const response = await fetchFile();
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/reporte-usuarios-\d{4}-\d{2}-\d{2}\.xlsx/);
      const { rows } = await readXlsx(Buffer.from(await response.arrayBuffer()));
      expect(rows.map((row) => row[3])).toEqual([world.student.email]);
      // Nobody else, not even an admin, sees someone's report job.
      expect((await call(exportRoute, { path: `/api/v2/reports/exports/${exportId}/`, params: { exportId }, token: tokens.admin })).status).toBe(404);
    } finally {
      delete process.env.REPORT_STREAM_MAX_ROWS;
      resetConfig();
    }
  });
});

describe('the dashboard', () => {
  it("agrees with the reports: progress by cohort, submissions to grade, attendance and quiz pass rates; students at risk; a tutor's figures cover their cohorts only", async () => {
    const db = await getDb();
    const classmate = await createUser();
    await enrollStudent(classmate, world.cohortA);
    const lessons = [await createLesson({ courseId: world.courseA.id }), await createLesson({ courseId: world.courseA.id }), await createLesson({ courseId: world.courseA.id })];
    await db.execute(sql`insert into lesson_history (user_id, lesson_id, progress, completed_at) values
      (${world.student.id}, ${lessons[0]!.id}, 100, now()), (${world.student.id}, ${lessons[1]!.id}, 100, now()), (${classmate.id}, ${lessons[0]!.id}, 100, now() - interval '30 days')`);
    await db.execute(sql`update lesson_history set started_at = now() - interval '30 days', updated_at = now() - interval '30 days' where user_id = ${classmate.id}`);
    await db.insert(submissions).values({ assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'submitted' });
    const [quiz] = await db.insert(quizzes).values({ courseId: world.courseA.id, title: 'Quiz', activityType: 'practical', published: true }).returning();
    await db.insert(quizAttempts).values([
      { quizId: quiz!.id, userId: world.student.id, number: 1, status: 'completed', questions: [], percent: 90, passed: true, completedAt: new Date() },
      { quizId: quiz!.id, userId: classmate.id, number: 1, status: 'completed', questions: [], percent: 20, passed: false, startedAt: new Date(Date.now() - 20 * 24 * HOUR_MS), completedAt: new Date(Date.now() - 20 * 24 * HOUR_MS) },
    ]);
    const startsAt = new Date(Date.now() - 3 * HOUR_MS);
    const [session] = await db.insert(liveSessions).values({ cohortId: world.cohortA.id, className: 'Clase', videoLink: 'https://meet.example.co/1', durationS: 3600, startsAt, endsAt: new Date(startsAt.getTime() + HOUR_MS) }).returning();
    await db.insert(liveAttendance).values({ sessionId: session!.id, userId: world.student.id });

    const figures = await getDashboardFigures(await callerOf(world.tutor), {});
    const progress = await readXlsx((await download('/api/v2/reports/?type=progress', tokens.tutor)).bytes);
    const percents = progress.rows.map((row) => Number(byHeader(progress.header, row)['Progreso (%)']));
    expect(figures.progressByCohort).toEqual([{ cohortId: world.cohortA.id, cohort: world.cohortA.name, value: Math.round(percents.reduce((a, b) => a + b, 0) / percents.length), total: 2 }]);
    expect(percents.sort()).toEqual([33, 66]);

    const grades = await readXlsx((await download('/api/v2/reports/?type=grades', tokens.tutor)).bytes);
    const toGrade = grades.rows.map((row) => byHeader(grades.header, row)).filter((row) => row.Tipo === 'Tarea' && row.Estado === 'Por calificar');
    expect(figures.waitingForGrading.map((row) => row.value)).toEqual([toGrade.length]);
    expect(toGrade).toHaveLength(1);

    const attendance = await readXlsx((await download('/api/v2/reports/?type=attendance', tokens.tutor)).bytes);
    const attended = attendance.rows.map((row) => byHeader(attendance.header, row)['Asistió']);
    expect(figures.attendanceByCohort).toEqual([{ cohortId: world.cohortA.id, cohort: world.cohortA.name, value: attended.filter((value) => value === 'Sí').length, total: attended.length }]);
    expect(figures.quizPassRates).toEqual([{ quiz: 'Quiz', course: world.courseA.name, passed: 1, graded: 2 }]);

    // The classmate has done nothing for 30 days: at risk; the student is active and has submitted.
    expect(figures.atRisk).toMatchObject({ count: 1, inactive: 1, behind: 0 });
    expect(figures.atRisk.listed.map((row) => row.email)).toEqual([classmate.email]);
    expect(figures.students).toBe(2);
    expect(figures.registrations.at(-1)!.count).toBe(2);
    // Cohort B's student counts for the platform admin only.
    expect((await getDashboardFigures(await callerOf(world.admin), {})).students).toBe(3);
  });
});

describe('the demo data', () => {
  it("fills the admin's dashboard: four cohorts (one the free workshop Valentina signed up for, one the gradebook's), students at risk, submissions to grade, registrations over weeks", async () => {
    const db = await getDb();
    await db.execute(sql`truncate users, organizations, programs restart identity cascade`);
    await seedDemoData(db);
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@senda.test'));
    const figures = await getDashboardFigures(await callerOf(admin!), {});
    expect(figures.progressByCohort.map((row) => row.cohort)).toEqual(['Cohorte 2026-1 Bogotá', 'Cohorte 2026-1 Cali', 'Cohorte 2026-2 Calificaciones', 'Taller introductorio 2027']);
    expect(figures.progressByCohort.every((row) => row.value > 0)).toBe(true);
    expect(figures.atRisk.inactive).toBeGreaterThan(0);
    expect(figures.atRisk.behind).toBeGreaterThan(0);
    expect(figures.waitingForGrading.reduce((sum, row) => sum + row.value, 0)).toBeGreaterThan(1);
    expect(figures.attendanceByCohort.length).toBeGreaterThan(0);
    expect(figures.registrations.filter((row) => row.count > 0).length).toBeGreaterThan(4);
    // The demo tutor sees their cohort only.
    const [tutor] = await db.select().from(users).where(eq(users.email, 'tutor@senda.test'));
    expect((await getDashboardFigures(await callerOf(tutor!), {})).progressByCohort.map((row) => row.cohort)).toEqual(['Cohorte 2026-1 Bogotá']);
  });
});

describe('the dashboard and reports pages', () => {
  it("shows the admin the dashboard with each chart's table, filters in the URL, and a tutor the same figures on their home", async () => {
    const db = await getDb();
    await db.insert(submissions).values({ assignmentId: world.assignmentA.id, userId: world.student.id, number: 1, status: 'submitted' });
    const admin = await renderPage(AdminPage, { path: '/admin', userId: world.admin.id });
    expect(admin.status).toBe(200);
    expect(admin.html).toContain('Tablero');
    expect(admin.html).toContain('Progreso promedio por cohorte');
    expect(admin.html).toContain('<caption>Entregas por calificar por cohorte</caption>');
    // Both cohorts for the admin; filtered by cohort B in the URL, only B.
    expect(admin.html).toContain(`<th scope="row">${world.cohortB.name}</th>`);
    const filtered = await renderPage(AdminPage, { path: `/admin?cohort_id=${world.cohortA.id}`, userId: world.admin.id });
    expect(filtered.html).not.toContain(`<th scope="row">${world.cohortB.name}</th>`);
    expect(filtered.html).toMatch(new RegExp(`<option value="${world.cohortA.id}" selected`));

    const tutorHome = await renderPage(HomePage, { path: '/home', userId: world.tutor.id });
    expect(tutorHome.html).toContain('Tablero');
    expect(tutorHome.html).toContain(`<th scope="row">${world.cohortA.name}</th>`);
    expect(tutorHome.html).not.toContain(world.cohortB.name);
    const studentHome = await renderPage(HomePage, { path: '/home', userId: world.student.id });
    expect(studentHome.html).not.toContain('Tablero');

    const reports = await renderPage(ReportsPage, { path: '/admin/reports', userId: world.tutor.id });
    expect(reports.status).toBe(200);
    expect(reports.html).toContain('Usuarios y caracterización');
    expect(reports.html).not.toContain(world.cohortB.name);
    expect((await renderPage(ReportsPage, { path: '/admin/reports', userId: world.student.id })).status).toBe(404);
  });
});
