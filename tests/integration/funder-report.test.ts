/**
 * Issue 33: the report to funders at a cut-off date (ADR 031). The funnel
 * on a small cohort; breakdowns count only people who authorised reports to
 * funders (small cells suppressed without reconstruction), the totals
 * everyone; the annex lists only those people; the same cut-off gives the
 * same bytes; a bad cut-off is a 400 in the caller's language; and the
 * figures agree with the other reports and the dashboard on the same data.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as reportRoute } from '~/pages/api/v2/reports/index';
import { getDb } from '~/lib/server/db/client';
import { certificates, memberships, profiles } from '~/lib/server/db/schema';
import { grantConsent, withdrawConsent } from '~/lib/server/services/people/consents';
import { approvalsOf } from '~/lib/server/services/gradebook/approvals';
import { getDashboardFigures } from '~/lib/server/services/reports/dashboard';
import { getFunderReport } from '~/lib/server/services/reports/funder/get-funder-report';
import type { FunderSection } from '~/lib/server/services/reports/funder/build-funder-sections';
import { todayInBogota } from '~/lib/shared/age-bands';
import { ORIGIN } from '../support/http';
import { renderPage } from '../support/astro-pages';
import ReportsPage from '~/pages/admin/reports/index.astro';
import FunderPage from '~/pages/admin/reports/funder/index.astro';
import { callerOf } from '../factories/forums';
import { createOffer, registerVisitorFor } from '../factories/registrations';
import { designCertificateFor, issueTo } from '../factories/certificates';
import { createAttendance } from '../factories/attendance';
import { completeLesson, createSession } from '../factories/gradebook';
import { accessTokenFor, createCohort, createLesson, createUser, createWorld, enrollStudent } from '../factories';

type World = Awaited<ReturnType<typeof createWorld>>;
type Student = World['student'];
let world: World;
let students: Student[];
let cutoff: string;

const HOUR_MS = 60 * 60 * 1000;

async function download(path: string, user: { id: number }, lang = 'es') {
  const token = await accessTokenFor(user);
  const response = await reportRoute({ request: new Request(new URL(path, ORIGIN), { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } }), params: {}, clientAddress: '127.0.0.1' });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const funderPath = (format: 'csv' | 'xlsx', day = cutoff, cohortId = world.cohortA.id) => `/api/v2/reports/?type=funder&cohort_id=${cohortId}&cutoff=${day}&export_format=${format}`;

/** A section's rows keyed by their first cell. */
const rowsByLabel = (section: FunderSection): Record<string, FunderSection['rows'][number]> => Object.fromEntries(section.rows.map((row) => [String(row[0]), row.slice(1)]));
const sectionTitled = (sections: FunderSection[], title: string) => sections.find((section) => section.title === title)!;

/**
 * Cohort A with 12 students (the world's and 11 more), all authorising reports to funders: six women, six men, in Cali
 * (76001) and Bogotá (11001). Three were active today, one was certified, two withdrew (work, health), two attended the
 * session that ended two hours ago, and one more person signed up to the cohort's offer without being enrolled.
 */
beforeEach(async () => {
  world = await createWorld();
  cutoff = todayInBogota();
  const db = await getDb();
  students = [world.student];
  for (let index = 1; index < 12; index++) {
    const student = await createUser({ userType: 'student', firstName: `Estudiante ${String(index).padStart(2, '0')}`, lastName: index % 2 ? 'Gómez' : 'Arias' });
    await enrollStudent(student, world.cohortA);
    students.push(student);
  }
  for (const [index, student] of students.entries()) {
    await db.insert(profiles).values({
      userId: student.id,
      genre: index < 6 ? 'female' : 'male',
      stratum: 2,
      municipality: index % 3 === 0 ? '11001' : '76001',
      birthDate: '2000-05-10',
      documentType: 'CC',
      documentNumber: String(1_000_000 + index),
    });
    await grantConsent(db, student.id, 'funder_reports', 'staff');
  }
  const lesson = await createLesson({ courseId: world.courseA.id });
  for (const student of students.slice(0, 3)) await completeLesson(student.id, lesson!.id);
  await designCertificateFor(world.cohortA);
  await issueTo(students[4]!, world.cohortA);
  const session = await createSession(world.cohortA.id, new Date(Date.now() - 3 * HOUR_MS));
  await createAttendance(session.id, students[0]!.id);
  await createAttendance(session.id, students[1]!.id);
  for (const [student, reason] of [
    [students[10]!, 'work'],
    [students[11]!, 'health'],
  ] as const) {
    await db
      .update(memberships)
      .set({ status: 'INACTIVE', withdrawnOn: cutoff, withdrawalReason: reason, withdrawnBy: world.admin.id })
      .where(and(eq(memberships.userId, student.id), eq(memberships.cohortId, world.cohortA.id)));
  }
  const offer = await createOffer({ cohortId: world.cohortA.id });
  await registerVisitorFor(offer, { email: 'inscrita@correo.co' });
});

describe('the funder report at a cut-off date', () => {
  it('counts the funnel, the hours and the approval rate over everyone in the scope', async () => {
    const report = await getFunderReport(await callerOf(world.admin), { cohortId: world.cohortA.id }, cutoff, 'es');
    const db = await getDb();
    const approved = (await approvalsOf(db, world.cohortA.id)).filter((row) => row.state === 'approved').length;
    expect(report.totals).toEqual({
      signedUp: 13,
      enrolled: 12,
      active: 3,
      approved,
      certified: 1,
      withdrawn: 2,
      plannedHours: 1,
      attendedHours: 2,
      approvalRate: Math.round((approved * 1000) / 12) / 10,
    });
    const withdrawals = rowsByLabel(sectionTitled(report.sections, 'Retiros por motivo'));
    // Two small cells hide each other; the total is everyone's.
    expect(withdrawals).toMatchObject({ 'Trabajo': ['<5'], 'Salud': ['<5'], Total: [2] });
    expect(withdrawals['Situación económica']).toEqual([0]);
  });

  it('a cut-off before the enrolments counts nobody; a revoked certificate stops counting from its revocation', async () => {
    const db = await getDb();
    const before = new Date(Date.parse(`${cutoff}T12:00:00Z`) - 3 * 24 * HOUR_MS).toISOString().slice(0, 10);
    const early = await getFunderReport(await callerOf(world.admin), { cohortId: world.cohortA.id }, before, 'es');
    expect(early.totals).toMatchObject({ enrolled: 0, certified: 0, withdrawn: 0, plannedHours: 0 });
    await db.update(certificates).set({ status: 'revoked', revokedAt: new Date(), revokedReason: 'error' }).where(eq(certificates.userId, students[4]!.id));
    const now = await getFunderReport(await callerOf(world.admin), { cohortId: world.cohortA.id }, cutoff, 'es');
    expect(now.totals.certified).toBe(0);
  });

  it('counts the planned hours of a cohort whose sessions were held with nobody enrolled yet', async () => {
    const cohort = await createCohort({ status: 'ACTIVE' });
    await createSession(cohort.id, new Date(Date.now() - 3 * 24 * HOUR_MS));
    const report = await getFunderReport(await callerOf(world.admin), { cohortId: cohort.id }, cutoff, 'es');
    expect(report.totals).toMatchObject({ enrolled: 0, plannedHours: 1 });
  });

  it('breaks down only people who authorised reports: one who withdraws it leaves the breakdowns and the annex, not the totals', async () => {
    const caller = await callerOf(world.admin);
    const before = await getFunderReport(caller, { cohortId: world.cohortA.id }, cutoff, 'es');
    expect(rowsByLabel(sectionTitled(before.sections, 'Por género'))).toMatchObject({
      // A lone small cell with no other non-zero one in its column (3 active, all women) stays the only one hidden.
      Femenino: [6, '<5', expect.anything(), '<5', 0, expect.anything()],
      Masculino: [6, 0, expect.anything(), 0, '<5', expect.anything()],
      'Sin autorización para reportes': [0, 0, 0, 0, 0, null],
      Total: [12, 3, expect.any(Number), 1, 2, expect.anything()],
    });
    const leaving = students[5]!;
    await withdrawConsent(await getDb(), leaving.id, 'funder_reports');

    const after = await getFunderReport(caller, { cohortId: world.cohortA.id }, cutoff, 'es');
    expect(after.totals.enrolled).toBe(12);
    const genre = rowsByLabel(sectionTitled(after.sections, 'Por género'));
    // 1 without authorisation is hidden, and so is the smallest other group (5 women), so 12 − 6 cannot give it away.
    expect(genre['Sin autorización para reportes']![0]).toBe('<5');
    expect(genre['Femenino']![0]).toBe('<5');
    expect(genre['Masculino']![0]).toBe(6);
    expect(genre['Total']![0]).toBe(12);
    // The population group needs the sensitive-data consent too: nobody here gave it.
    expect(rowsByLabel(sectionTitled(after.sections, 'Por grupo poblacional'))['Sin autorización para reportes o datos sensibles']![0]).toBe(12);

    const annex = sectionTitled(after.sections, 'Anexo por estudiante');
    expect(annex.rows).toHaveLength(11);
    expect(annex.rows.map((row) => row[5])).not.toContain(leaving.email);
    const csv = (await download(funderPath('csv'), world.admin)).bytes.toString('utf8');
    expect(csv).not.toContain(leaving.email);
    expect(csv).toContain(students[0]!.email);
  });

  it('places people by department and municipality, and by age band at the cut-off', async () => {
    const report = await getFunderReport(await callerOf(world.admin), { cohortId: world.cohortA.id }, cutoff, 'es');
    const departments = rowsByLabel(sectionTitled(report.sections, 'Por departamento'));
    const labels = Object.keys(departments);
    expect(labels).toHaveLength(5);
    expect(labels.slice(2)).toEqual(['Sin dato', 'Sin autorización para reportes', 'Total']);
    expect(labels[0]).toMatch(/^Bogot.*\(11\)$/);
    expect(labels[1]).toBe('Valle del Cauca (76)');
    // 4 in Bogotá is hidden, and so are Cali's 8: 12 − 8 would give Bogotá's back.
    expect([departments[labels[0]!]![0], departments[labels[1]!]![0], departments['Total']![0]]).toEqual(['<5', '<5', 12]);
    const municipalities = rowsByLabel(sectionTitled(report.sections, 'Por municipio'));
    expect(Object.keys(municipalities)[1]).toBe('Cali, Valle del Cauca (76001)');
    const ages = rowsByLabel(sectionTitled(report.sections, 'Por rango de edad'));
    expect(Object.values(ages).map((cells) => cells[0])).toContain(12);
  });

  it('gives the same bytes for the same cut-off, in XLSX and CSV, with the sheets in a fixed order and no date but the cut-off', async () => {
    const first = await download(funderPath('xlsx'), world.admin);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toContain(`informe-financiador-corte-${cutoff}.xlsx`);
    const firstCsv = await download(funderPath('csv'), world.admin);
    // The zip's entries carry a time to two seconds: wait long enough for the clock to show.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const second = await download(funderPath('xlsx'), world.admin);
    const secondCsv = await download(funderPath('csv'), world.admin);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(secondCsv.bytes.equals(firstCsv.bytes)).toBe(true);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(first.bytes as never);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Resumen', 'Por rango de edad', 'Por género', 'Por estrato', 'Por departamento', 'Por municipio', 'Por grupo poblacional', 'Anexo por estudiante',
    ]);
    expect(workbook.created.toISOString().slice(0, 10)).toBe(cutoff);
    expect(workbook.getWorksheet('Anexo por estudiante')!.rowCount).toBe(2 + 12);

    const text = firstCsv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = parse(text.slice(1), { delimiter: ';', relax_column_count: true }) as string[][];
    expect(lines[0]).toEqual(['Informe para entidades financiadoras']);
    expect(lines).toContainEqual(['Matriculados', '12', '100']);
  });

  it('answers 400 for a missing, malformed or future cut-off, in Spanish and English', async () => {
    const token = await accessTokenFor(world.admin);
    const ask = async (query: string, lang: string) => {
      const response = await reportRoute({
        request: new Request(new URL(`/api/v2/reports/?type=funder${query}`, ORIGIN), { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } }),
        params: {},
        clientAddress: '127.0.0.1',
      });
      return { status: response.status, json: (await response.json()) as { error: { fields: Record<string, string> } } };
    };
    expect(await ask('', 'es')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'La fecha de corte es obligatoria' } } } });
    expect(await ask('&cutoff=2026-02-30', 'es')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'La fecha de corte debe ser un día válido con el formato AAAA-MM-DD' } } } });
    expect(await ask('&cutoff=2999-01-01', 'es')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'La fecha de corte no puede ser posterior a hoy' } } } });
    expect(await ask('', 'en')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'The cut-off date is required' } } } });
    expect(await ask('&cutoff=30-11-2026', 'en')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'The cut-off date must be a real day written YYYY-MM-DD' } } } });
    expect(await ask('&cutoff=2999-01-01', 'en')).toMatchObject({ status: 400, json: { error: { fields: { cutoff: 'The cut-off date cannot be later than today' } } } });
  });

  it("keeps staff to their cohorts: the tutor reads cohort A's, another cohort is 404, a student 403", async () => {
    expect((await download(funderPath('csv'), world.tutor)).status).toBe(200);
    expect((await download(funderPath('csv', cutoff, world.cohortB.id), world.tutor)).status).toBe(404);
    expect((await download(funderPath('csv'), world.student)).status).toBe(403);
  });

  it('reconciles with the other reports and the dashboard: enrolled, certificates and attendance hours', async () => {
    const report = await getFunderReport(await callerOf(world.admin), { cohortId: world.cohortA.id }, cutoff, 'es');
    const db = await getDb();
    // Taking part now = enrolled − withdrawn: the dashboard's students and the users report's rows.
    const dashboard = await getDashboardFigures(await callerOf(world.admin), { cohortId: world.cohortA.id });
    expect(dashboard.students).toBe(report.totals.enrolled - report.totals.withdrawn);
    const users = (await download(`/api/v2/reports/?type=users&cohort_id=${world.cohortA.id}&export_format=csv`, world.admin)).bytes.toString('utf8');
    expect((parse(users.slice(1), { delimiter: ';' }) as string[][]).length - 1).toBe(report.totals.enrolled - report.totals.withdrawn);
    // The attendance report's hours (Spanish decimal commas) add up to the hours attended.
    const attendance = parse((await download(`/api/v2/reports/?type=attendance&cohort_id=${world.cohortA.id}&export_format=csv`, world.admin)).bytes.toString('utf8').slice(1), {
      delimiter: ';',
      columns: true,
    }) as Record<string, string>[];
    const hours = attendance.reduce((sum, row) => sum + Number((row['Horas asistidas'] ?? '0').replace(',', '.')), 0);
    expect(hours).toBe(report.totals.attendedHours);
    const [issued] = await db.select({ n: sql<number>`count(*)::int` }).from(certificates).where(and(eq(certificates.cohortId, world.cohortA.id), eq(certificates.status, 'valid')));
    expect(report.totals.certified).toBe(issued!.n);
  });

  it('the reports page offers the funder form; the printable view shows the same suppressed figures, a bad cut-off says why', async () => {
    const form = await renderPage(ReportsPage, { path: '/admin/reports', userId: world.tutor.id });
    expect(form.status).toBe(200);
    expect(form.html).toContain('action="/admin/reports/funder/download"');
    expect(form.html).toContain('name="cutoff"');
    expect(form.html).toContain('formaction="/admin/reports/funder"');

    const page = await renderPage(FunderPage, { path: `/admin/reports/funder?cohort_id=${world.cohortA.id}&cutoff=${cutoff}`, userId: world.tutor.id });
    expect(page.status).toBe(200);
    expect(page.html).toContain('Por grupo poblacional');
    expect(page.html).toContain('&lt;5');
    expect(page.html).toContain(students[0]!.email);

    const bad = await renderPage(FunderPage, { path: `/admin/reports/funder?cutoff=2026-02-30`, userId: world.admin.id });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('La fecha de corte debe ser un día válido');
    expect((await renderPage(FunderPage, { path: `/admin/reports/funder?cohort_id=${world.cohortB.id}&cutoff=${cutoff}`, userId: world.tutor.id })).status).toBe(404);
    expect((await renderPage(FunderPage, { path: `/admin/reports/funder?cutoff=${cutoff}`, userId: world.student.id })).status).toBe(404);
  });
});
