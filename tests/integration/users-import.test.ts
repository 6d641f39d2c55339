/**
 * The users import (POST /api/v2/users/bulk-users/): accounts and profiles
 * from CSV (`,` or `;`, UTF-8 or the Windows-1252 a Spanish-locale Excel
 * writes) or XLSX, Spanish or English headers; a dry-run preview; row errors
 * in the caller's language; all or nothing; invitations for new accounts; a
 * streamed progress; and the cohort members import then finds the people.
 */
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { consents, mailMessages, memberships, profiles, refreshTokens, users } from '~/lib/server/db/schema';
import { loginWithPassword } from '~/lib/server/services/auth/login';
import { POST as importUsers } from '~/pages/api/v2/users/bulk-users';
import { POST as assignFromFile } from '~/pages/api/v2/cohorts/[id]/users/bulk-users';
import { ORIGIN } from '../support/http';
import { accessTokenFor, createCohort, createUser, DEFAULT_PASSWORD } from '../factories';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function send(handler: typeof importUsers, path: string, token: string, file: { data: Uint8Array; name: string; type?: string }, options: { lang?: string; accept?: string; params?: Record<string, string> } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'text/csv' }), file.name);
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (options.lang) headers.set('accept-language', options.lang);
  if (options.accept) headers.set('accept', options.accept);
  const response = await handler({ request: new Request(new URL(path, ORIGIN), { method: 'POST', headers, body: form }), params: options.params ?? {}, clientAddress: '127.0.0.1' });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const upload = (token: string, file: { data: Uint8Array; name: string; type?: string }, query = '', options: { lang?: string; accept?: string } = {}) =>
  send(importUsers, `/api/v2/users/bulk-users/${query}`, token, file, options);

async function adminToken() {
  return accessTokenFor(await createUser({ userType: 'admin' }));
}

const SPANISH_CSV = [
  'correo;nombres;apellidos;tipo_documento;numero_documento;celular;genero;departamento;municipio;estrato;grupo_poblacional;autoriza_datos_sensibles;fecha_de_nacimiento;cohorte;rol',
  'ana.ruiz@ejemplo.co;Ana María;Ruiz Peña;CC;1020304050;3001234567;Femenino;Antioquia;Medellín;2;Ninguno;Sí;12/04/1998;{cohort};estudiante',
  'luis.gomez@ejemplo.co;Luis;Gómez;TI;1098765432;3205550101;Masculino;;Bogotá D. C.;3;Víctima del conflicto armado;sí;1990-01-31;{cohort};tutor',
  '',
].join('\r\n');

describe('POST /api/v2/users/bulk-users/', () => {
  it('reads a Windows-1252 CSV with ";" and Spanish headers: the preview counts, the commit creates accounts, profiles, memberships and invitations', async () => {
    const token = await adminToken();
    const cohort = await createCohort({ name: 'Cohorte Medellín' });
    const text = SPANISH_CSV.replaceAll('{cohort}', 'Cohorte Medellín');
    const file = { data: new Uint8Array(Buffer.from(text, 'latin1')), name: 'personas.csv' };

    const preview = await upload(token, file, '?dryRun=true');
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      total: 2,
      created: 2,
      updated: 0,
      invited: 2,
      memberships: 2,
      dryRun: true,
      sample: [
        { row: 2, email: 'ana.ruiz@ejemplo.co', name: 'Ana María Ruiz Peña', action: 'create', cohort: 'Cohorte Medellín' },
        { row: 3, email: 'luis.gomez@ejemplo.co', name: 'Luis Gómez', action: 'create', cohort: 'Cohorte Medellín' },
      ],
    });
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, 'ana.ruiz@ejemplo.co'))).toEqual([]);

    const done = await upload(token, file);
    expect(done.json).toMatchObject({ total: 2, created: 2, invited: 2, dryRun: false });
    const [ana] = await db.select().from(users).where(eq(users.email, 'ana.ruiz@ejemplo.co'));
    expect(ana).toMatchObject({ firstName: 'Ana María', lastName: 'Ruiz Peña', passwordHash: null, userType: 'student' });
    expect(await db.select({ municipality: profiles.municipality, genre: profiles.genre, group: profiles.populationGroup }).from(profiles).orderBy(asc(profiles.userId))).toEqual([
      { municipality: '05001', genre: 'female', group: 'none' },
      { municipality: '11001', genre: 'male', group: 'conflict_victim' },
    ]);
    // The population group is kept under the sensitive-data consent the file records, as the import's (ADR 030).
    expect((await db.select({ birthDate: profiles.birthDate }).from(profiles).orderBy(asc(profiles.userId))).map((row) => row.birthDate)).toEqual(['1998-04-12', '1990-01-31']);
    expect(await db.select({ purpose: consents.purpose, channel: consents.channel }).from(consents).where(eq(consents.userId, ana!.id))).toEqual([{ purpose: 'sensitive_data', channel: 'import' }]);
    expect((await db.select({ roleId: memberships.roleId }).from(memberships).where(eq(memberships.cohortId, cohort.id)).orderBy(asc(memberships.userId))).map((row) => row.roleId)).toEqual([1, 2]);
    expect((await db.select({ kind: mailMessages.kind }).from(mailMessages)).map((row) => row.kind)).toEqual(['invitation', 'invitation']);

    // The cohort members import now finds them.
    const other = await createCohort();
    const assigned = await send(assignFromFile, `/api/v2/cohorts/${other.id}/users/bulk-users/`, token, { data: new TextEncoder().encode('correo\nana.ruiz@ejemplo.co\nluis.gomez@ejemplo.co\n'), name: 'miembros.csv' }, { params: { id: String(other.id) } });
    expect(assigned.json).toEqual({ created: 2, updated: 0, total: 2, dryRun: false });
  });

  it("takes a minor only with their guardian's name, document and authorisation, and records the funder reports consent the file gives (ADR 030)", async () => {
    const token = await adminToken();
    const minorBorn = `${new Date().getUTCFullYear() - 15}-03-10`;
    const header = 'correo;nombres;apellidos;tipo_documento;numero_documento;fecha_de_nacimiento;acudiente;tipo_documento_acudiente;documento_acudiente;autorizacion_acudiente;autoriza_reportes';
    const refused = await upload(token, { data: new TextEncoder().encode(`${header}\nmenor@ejemplo.co;Sara;Ríos;CC;1098000111;${minorBorn};;;;;sí\n`), name: 'menores.csv' }, '?dryRun=true', { lang: 'es' });
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({
      'rows.2.documentType': 'Una persona menor de edad se identifica con tarjeta de identidad (o registro civil si tiene menos de 7 años)',
      'rows.2.guardianName': 'El nombre del acudiente es obligatorio para una persona menor de edad',
    });
    const done = await upload(token, { data: new TextEncoder().encode(`${header}\nmenor@ejemplo.co;Sara;Ríos;TI;1098000111;${minorBorn};Marta Ríos;Cédula de ciudadanía;52123456;Sí;sí\n`), name: 'menores.csv' });
    expect(done.status).toBe(200);
    const db = await getDb();
    const [sara] = await db.select().from(users).where(eq(users.email, 'menor@ejemplo.co'));
    expect((await db.select({ name: profiles.guardianName, type: profiles.guardianDocumentType, document: profiles.guardianDocumentNumber }).from(profiles).where(eq(profiles.userId, sara!.id)))[0]).toEqual({ name: 'Marta Ríos', type: 'CC', document: '52123456' });
    expect(await db.select({ purpose: consents.purpose, channel: consents.channel }).from(consents).where(eq(consents.userId, sara!.id))).toEqual([{ purpose: 'funder_reports', channel: 'import' }]);
  });

  it('refuses a file with bad rows as a whole, naming each row and column in the caller\'s language, and writes nothing', async () => {
    const token = await adminToken();
    await createUser({ email: 'existe@ejemplo.co' });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('People');
    sheet.addRow(['email', 'first_name', 'last_name', 'contact', 'gender', 'stratum', 'children', 'municipality', 'cohort', 'role', 'document_type', 'document_number']);
    sheet.addRow(['bien@ejemplo.co', 'Bien', 'Hecho', '3001112233', 'female', 2, 0, '05001', '', '', 'CC', '111222333']);
    sheet.addRow(['malo@', 'Malo', 'Correo', '', '', '', '', '', '', '', '', '']);
    sheet.addRow(['sin.nombre@ejemplo.co', '', '', '12ab', 'x', 9, 'dos', 'Atlántida', '', 'tutor', 'CC', '111222333']);
    sheet.addRow(['bien@ejemplo.co', 'Repetido', 'Dos', '', '', '', '', '', 'No existe', '', '', '']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = { data, name: 'people.xlsx', type: XLSX_TYPE };

    const es = await upload(token, file, '?dryRun=true', { lang: 'es' });
    expect(es.status).toBe(400);
    expect(es.json.error.code).toBe('bulk_rows_invalid');
    expect(es.json.error.message).toBe('3 filas del archivo tienen errores. No se cambió nada.');
    expect(es.json.error.fields).toEqual({
      'rows.3.email': 'El correo no es válido',
      'rows.4.contact': 'El contacto no es válido',
      'rows.4.genre': 'Seleccione un género',
      'rows.4.stratum': 'Seleccione un estrato',
      'rows.4.childrenCount': 'Este campo solo acepta números',
      'rows.4.municipality': 'Seleccione un municipio de la lista',
      'rows.4.role': 'Indica la cohorte para asignar un rol',
      'rows.5.email': 'Este correo ya aparece en una fila anterior',
    });
    const en = await upload(token, file, '', { lang: 'en' });
    expect(en.json.error.fields['rows.4.genre']).toBe('Select a gender');

    // Row 4 fixed but still nameless and sharing row 2's document; row 5 names a cohort that does not exist.
    sheet.getRow(3).getCell(1).value = 'malo@ejemplo.co';
    sheet.getRow(4).values = ['sin.nombre@ejemplo.co', '', '', '3001234567', 'male', 3, 1, 'Medellín', '', '', 'CC', '111222333'];
    sheet.getRow(5).getCell(1).value = 'otro@ejemplo.co';
    const second = await upload(token, { ...file, data: new Uint8Array(await workbook.xlsx.writeBuffer()) });
    expect(second.json.error.fields).toEqual({
      'rows.4.firstName': 'El nombre es obligatorio',
      'rows.4.lastName': 'El apellido es obligatorio',
      'rows.4.documentNumber': 'Este documento ya aparece en una fila anterior',
      'rows.5.cohort': 'No hay una cohorte con este id o nombre',
    });
    const db = await getDb();
    // Only the two accounts made before the import exist.
    expect(await db.select({ id: users.id }).from(users)).toHaveLength(2);
    expect(await db.select().from(users).where(eq(users.email, 'bien@ejemplo.co'))).toEqual([]);
  });

  it('updates existing accounts: given cells replace, empty ones keep; deactivating signs them out; the caller cannot demote themselves', async () => {
    const admin = await createUser({ userType: 'admin', email: 'yo@senda.test' });
    const token = await accessTokenFor(admin);
    const person = await createUser({ email: 'marta@ejemplo.co', firstName: 'Marta', lastName: 'Díaz' });
    const db = await getDb();
    await db.insert(profiles).values({ userId: person.id, neighborhood: 'Kennedy', stratum: 2 });
    const session = await loginWithPassword({ email: person.email, password: DEFAULT_PASSWORD, ip: '10.6.0.1' });

    const own = await upload(token, { data: new TextEncoder().encode('email,status\nyo@senda.test,inactivo\n'), name: 'u.csv' });
    expect(own.json.error.fields).toEqual({ 'rows.2.email': 'Es tu propia cuenta: no puedes desactivarla ni cambiar su tipo desde aquí' });

    const result = await upload(token, { data: new TextEncoder().encode('email,first_name,neighborhood,stratum,status,type\nmarta@ejemplo.co,,Suba,,inactive,staff\n'), name: 'u.csv' });
    expect(result.json).toMatchObject({ total: 1, created: 0, updated: 1, invited: 0 });
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ firstName: 'Marta', status: 'INACTIVE', userType: 'staff' });
    expect(await db.select({ neighborhood: profiles.neighborhood, stratum: profiles.stratum }).from(profiles).where(eq(profiles.userId, person.id))).toEqual([{ neighborhood: 'Suba', stratum: 2 }]);
    expect(session.refreshToken).toBeTruthy();
    const tokens = await db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.userId, person.id));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
  });

  it('streams the commit\'s progress (Accept: application/x-ndjson), and creates accounts without invitations when asked', async () => {
    const token = await adminToken();
    const lines = ['email,first_name,last_name', ...Array.from({ length: 1200 }, (_, index) => `persona${index}@ejemplo.co,Persona,Número ${index}`)];
    const streamed = await upload(token, { data: new TextEncoder().encode(lines.join('\n')), name: 'u.csv' }, '?invite=false', { accept: 'application/x-ndjson' });
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-type')).toContain('application/x-ndjson');
    const events = streamed.text.trim().split('\n').map((line) => JSON.parse(line));
    expect(events.slice(0, -1)).toEqual([
      { progress: { done: 0, total: 1200 } },
      { progress: { done: 500, total: 1200 } },
      { progress: { done: 1000, total: 1200 } },
      { progress: { done: 1200, total: 1200 } },
    ]);
    expect(events.at(-1).result).toMatchObject({ total: 1200, created: 1200, invited: 0 });
    const db = await getDb();
    expect(await db.select().from(mailMessages)).toEqual([]);
    expect((await db.select({ id: users.id }).from(users)).length).toBe(1201);
  });

  it('refuses more than 10,000 rows, a file without an e-mail column, and anyone but platform admins', async () => {
    const token = await adminToken();
    const tooMany = ['email', ...Array.from({ length: 10_001 }, (_, index) => `p${index}@e.co`)].join('\n');
    const refused = await upload(token, { data: new TextEncoder().encode(tooMany), name: 'u.csv' }, '?dryRun=true');
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('bulk_too_many_rows');
    const noEmail = await upload(token, { data: new TextEncoder().encode('nombre\nAna\n'), name: 'u.csv' });
    expect(noEmail.json.error.fields).toEqual({ file: 'El archivo necesita una columna de correo (email o correo) en la primera fila' });
    const staff = await accessTokenFor(await createUser({ userType: 'staff' }));
    expect((await upload(staff, { data: new TextEncoder().encode('email\na@e.co\n'), name: 'u.csv' })).status).toBe(403);
  });
});
