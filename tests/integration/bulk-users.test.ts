import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { memberships } from '~/lib/server/db/schema';
import { ROLE_IDS } from '~/lib/shared/constants';
import { BULK_USERS_MAX_BYTES, BULK_USERS_MAX_ROWS } from '~/lib/shared/schemas/bulk-users';
import { POST as bulkUsers } from '~/pages/api/v2/cohorts/[id]/users/bulk-users';
import { ORIGIN } from '../support/http';
import { pngBytes } from '../support/multipart';
import { accessTokenFor, createCohort, createUser, enrollStudent } from '../factories';

const CSV_TYPE = 'text/csv';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Posts one file as the `file` field of a real multipart body. */
async function upload(cohortId: number, token: string, file: { data: Uint8Array; name?: string; type?: string }, options: { dryRun?: boolean; lang?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? CSV_TYPE }), file.name ?? 'miembros.csv');
  const path = `/api/v2/cohorts/${cohortId}/users/bulk-users/${options.dryRun ? '?dryRun=true' : ''}`;
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (options.lang) headers.set('accept-language', options.lang);
  const request = new Request(new URL(path, ORIGIN), { method: 'POST', headers, body: form });
  const response = await bulkUsers({ request, params: { id: String(cohortId) }, clientAddress: '127.0.0.1' });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

const csv = (text: string) => ({ data: new TextEncoder().encode(text) });

async function setup() {
  const cohort = await createCohort();
  const admin = await createUser({ userType: 'admin' });
  return { cohort, token: await accessTokenFor(admin) };
}

async function membershipsOf(cohortId: number) {
  const db = await getDb();
  return db
    .select({ userId: memberships.userId, roleId: memberships.roleId, status: memberships.status })
    .from(memberships)
    .where(eq(memberships.cohortId, cohortId))
    .orderBy(asc(memberships.userId));
}

describe('POST /api/v2/cohorts/{id}/users/bulk-users/', () => {
  it('refuses a row that would change the uploading cohort admin\'s own membership, naming the row', async () => {
    const cohort = await createCohort();
    const cohortAdmin = await createUser({ userType: 'staff' });
    await enrollStudent(cohortAdmin, cohort, { roleId: ROLE_IDS.cohortAdmin });
    const other = await createUser();
    const response = await upload(cohort.id, await accessTokenFor(cohortAdmin), csv(`email,role\n${other.email},student\n${cohortAdmin.email},student\n`));
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('bulk_rows_invalid');
    expect(response.json.error.fields).toEqual({ 'rows.3.email': 'Es tu propia membresía: no puedes cambiarla desde aquí' });
    expect(await membershipsOf(cohort.id)).toEqual([{ userId: cohortAdmin.id, roleId: ROLE_IDS.cohortAdmin, status: 'ACTIVE' }]);
  });

  it('assigns users from a CSV: creates new memberships and updates existing ones in one call', async () => {
    const { cohort, token } = await setup();
    const [ana, beto, carla] = [await createUser(), await createUser(), await createUser()];
    await enrollStudent(carla!, cohort, { roleId: ROLE_IDS.student, status: 'ACTIVE' });
    const file = csv(`email,role,status\n${ana!.email},student,\n${beto!.email.toUpperCase()},tutor,INACTIVE\n\n${carla!.email},3,inactive\n`);
    const response = await upload(cohort.id, token, file);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ created: 2, updated: 1, total: 3, dryRun: false });
    expect(await membershipsOf(cohort.id)).toEqual([
      { userId: ana!.id, roleId: ROLE_IDS.student, status: 'ACTIVE' },
      { userId: beto!.id, roleId: ROLE_IDS.tutor, status: 'INACTIVE' },
      { userId: carla!.id, roleId: ROLE_IDS.cohortAdmin, status: 'INACTIVE' },
    ]);
  });

  it('accepts Spanish headers in any case, `;` separators, a BOM and Spanish role names', async () => {
    const { cohort, token } = await setup();
    const [ana, beto] = [await createUser(), await createUser()];
    const file = csv(`\uFEFFCorreo Electrónico;ROL;Estado\r\n${ana!.email};Estudiante;ACTIVE\r\n"${beto!.email}";admin_cohorte;INACTIVE\r\n`);
    const response = await upload(cohort.id, token, file);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ created: 2, updated: 0, total: 2 });
    expect(await membershipsOf(cohort.id)).toEqual([
      { userId: ana!.id, roleId: ROLE_IDS.student, status: 'ACTIVE' },
      { userId: beto!.id, roleId: ROLE_IDS.cohortAdmin, status: 'INACTIVE' },
    ]);
    // English headers with role_id, and a file with the email column only (role defaults to student).
    const carla = await createUser();
    expect((await upload(cohort.id, token, csv(`EMAIL,Role_ID\n${carla.email},2\n`))).json).toMatchObject({ created: 1 });
    const dani = await createUser();
    expect((await upload(cohort.id, token, csv(`correo\n${dani.email}\n`))).json).toMatchObject({ created: 1 });
    const rows = await membershipsOf(cohort.id);
    expect(rows.find((row) => row.userId === carla.id)?.roleId).toBe(ROLE_IDS.tutor);
    expect(rows.find((row) => row.userId === dani.id)).toMatchObject({ roleId: ROLE_IDS.student, status: 'ACTIVE' });
  });

  it('assigns users from an XLSX file (its first worksheet)', async () => {
    const { cohort, token } = await setup();
    const [ana, beto] = [await createUser(), await createUser()];
    await enrollStudent(beto!, cohort);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Miembros');
    sheet.addRow(['Correo', 'Rol', 'Estado']);
    sheet.addRow([ana!.email, 'tutor', 'ACTIVE']);
    sheet.addRow([beto!.email, 3, 'INACTIVE']);
    workbook.addWorksheet('Notas').addRow(['email', 'ignored@senda.test']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const response = await upload(cohort.id, token, { data, name: 'miembros.xlsx', type: XLSX_TYPE });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ created: 1, updated: 1, total: 2, dryRun: false });
    expect(await membershipsOf(cohort.id)).toEqual([
      { userId: ana!.id, roleId: ROLE_IDS.tutor, status: 'ACTIVE' },
      { userId: beto!.id, roleId: ROLE_IDS.cohortAdmin, status: 'INACTIVE' },
    ]);
  });

  it('changes nothing when any row is wrong, and reports every bad row by spreadsheet row number, in Spanish and English', async () => {
    const { cohort, token } = await setup();
    const [ana, beto] = [await createUser(), await createUser()];
    const file = csv(
      [
        'email,role,status',
        `${ana!.email},student,ACTIVE`, // row 2: fine
        'no-es-un-correo,tutor,ACTIVE', // row 3
        `${beto!.email},profesor,ACTIVE`, // row 4
        `${beto!.email.replace('@', '+x@')},student,PAUSED`, // row 5: unknown user and bad status
        `${ana!.email},tutor,ACTIVE`, // row 6: duplicate
        ',student,', // row 7: no email
      ].join('\n'),
    );
    const es = await upload(cohort.id, token, file);
    expect(es.status).toBe(400);
    expect(es.json.error).toEqual({
      code: 'bulk_rows_invalid',
      message: '5 filas del archivo tienen errores. No se cambió nada.',
      fields: {
        'rows.3.email': 'El correo no es válido',
        'rows.4.role': 'El rol debe ser Estudiante, Tutor o Administrador de cohorte',
        'rows.5.status': 'El estado debe ser ACTIVE o INACTIVE',
        'rows.6.email': 'Este correo ya aparece en una fila anterior',
        'rows.7.email': 'El correo es obligatorio',
      },
    });
    const en = await upload(cohort.id, token, file, { lang: 'en' });
    expect(en.status).toBe(400);
    expect(en.json.error.message).toBe('5 rows of the file have errors. Nothing was changed.');
    expect(en.json.error.fields['rows.6.email']).toBe('This email already appears in an earlier row');
    expect(await membershipsOf(cohort.id)).toEqual([]);

    // An otherwise valid file with one unknown email is refused as a whole.
    const unknown = await upload(cohort.id, token, csv(`email\n${ana!.email}\nnadie@senda.test\n`), { lang: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.fields).toEqual({ 'rows.3.email': 'There is no Senda user with this email' });
    expect(await membershipsOf(cohort.id)).toEqual([]);
  });

  // Regression: CSV rows were numbered by physical line, so a quoted cell spanning lines shifted the rows reported after it.
  it('numbers rows by record: a quoted note across several lines does not shift the rows reported after it', async () => {
    const { cohort, token } = await setup();
    const ana = await createUser();
    const file = csv(`email,notas\n${ana.email},"Llega tarde\nlos lunes\ny los martes"\nno-es-un-correo,\n`);
    const response = await upload(cohort.id, token, file);
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ 'rows.3.email': 'El correo no es válido' });
    expect(await membershipsOf(cohort.id)).toEqual([]);
  });

  it('dry run validates and counts but writes nothing', async () => {
    const { cohort, token } = await setup();
    const [ana, beto] = [await createUser(), await createUser()];
    await enrollStudent(beto!, cohort);
    const file = csv(`email,role\n${ana!.email},tutor\n${beto!.email},tutor\n`);
    const preview = await upload(cohort.id, token, file, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({ created: 1, updated: 1, total: 2, dryRun: true });
    expect(await membershipsOf(cohort.id)).toEqual([{ userId: beto!.id, roleId: ROLE_IDS.student, status: 'ACTIVE' }]);
    const bad = await upload(cohort.id, token, csv('email\nmal\n'), { dryRun: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields).toEqual({ 'rows.2.email': 'El correo no es válido' });
  });

  it('refuses a file over 2 MB with 413 naming the limit', async () => {
    const { cohort, token } = await setup();
    const big = new Uint8Array(BULK_USERS_MAX_BYTES + 1).fill(0x61);
    const es = await upload(cohort.id, token, { data: big });
    expect(es.status).toBe(413);
    expect(es.json.error).toMatchObject({ code: 'payload_too_large', message: 'La solicitud es demasiado grande (máximo 2 MB).' });
    const en = await upload(cohort.id, token, { data: big }, { lang: 'en' });
    expect(en.json.error.message).toBe('The request is too large (maximum 2 MB).');
  });

  it('refuses what is neither CSV nor XLSX with 415: an image, a zip that is not a workbook', async () => {
    const { cohort, token } = await setup();
    const image = await upload(cohort.id, token, { data: pngBytes(), name: 'foto.csv', type: CSV_TYPE });
    expect(image.status).toBe(415);
    expect(image.json.error.code).toBe('unsupported_media_type');
    expect(image.json.error.message).toContain('XLSX');
    const zip = new Uint8Array(64).fill(0);
    zip.set([0x50, 0x4b, 0x03, 0x04]);
    expect((await upload(cohort.id, token, { data: zip, name: 'x.xlsx', type: XLSX_TYPE })).status).toBe(415);
    expect(await membershipsOf(cohort.id)).toEqual([]);
  });

  it('refuses a file without an email column or without rows (400)', async () => {
    const { cohort, token } = await setup();
    const noEmail = await upload(cohort.id, token, csv('nombre,rol\nAna,tutor\n'));
    expect(noEmail.status).toBe(400);
    expect(noEmail.json.error.fields.file).toBe('El archivo necesita una columna de correo (email o correo) en la primera fila');
    const empty = await upload(cohort.id, token, csv('email\n'));
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.file).toBe('El archivo no tiene filas de usuarios');
  });

  it(`refuses more than ${BULK_USERS_MAX_ROWS} rows with 400 naming the limit, before looking users up`, async () => {
    const { cohort, token } = await setup();
    const rows = Array.from({ length: BULK_USERS_MAX_ROWS + 1 }, (_, index) => `persona${index}@senda.test`);
    const response = await upload(cohort.id, token, csv(`email\n${rows.join('\n')}\n`));
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({ code: 'bulk_too_many_rows', message: 'El archivo tiene 5001 filas; el máximo es 5000. No se cambió nada.' });
    expect(await membershipsOf(cohort.id)).toEqual([]);
  });

  it('lets a cohort admin of the cohort upload, refuses its tutor (403) and another cohort admin (404)', async () => {
    const { cohort } = await setup();
    const other = await createCohort();
    const [cohortAdmin, tutor, foreignAdmin, ana] = [await createUser(), await createUser(), await createUser(), await createUser()];
    await enrollStudent(cohortAdmin!, cohort, { roleId: ROLE_IDS.cohortAdmin });
    await enrollStudent(tutor!, cohort, { roleId: ROLE_IDS.tutor });
    await enrollStudent(foreignAdmin!, other, { roleId: ROLE_IDS.cohortAdmin });
    const file = csv(`email\n${ana!.email}\n`);
    expect((await upload(cohort.id, await accessTokenFor(tutor!), file)).status).toBe(403);
    expect((await upload(cohort.id, await accessTokenFor(foreignAdmin!), file)).status).toBe(404);
    expect((await upload(cohort.id, await accessTokenFor(cohortAdmin!), file)).status).toBe(200);
  });
});
