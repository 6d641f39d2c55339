import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db/client';
import { lessons } from '~/lib/server/db/schema';
import { LESSON_IMPORT_MAX_BYTES, LESSON_IMPORT_MAX_LESSONS, ROLE_IDS } from '~/lib/shared/constants';
import { POST as importRoute } from '~/pages/api/v2/courses/[id]/lessons/import';
import { ORIGIN } from '../support/http';
import { pngBytes } from '../support/multipart';
import { accessTokenFor, createCohort, createLesson, createReleasedCourse, createUser, enrollStudent } from '../factories';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface UploadFile {
  name: string;
  data: Uint8Array | string;
  type?: string;
}

/** Posts files as the repeated `files` field of a real multipart body, the way the island sends a folder. */
async function importFiles(courseId: number, token: string, files: UploadFile[], options: { dryRun?: boolean; lang?: string; format?: string } = {}) {
  const form = new FormData();
  if (options.format) form.append('format', options.format);
  for (const file of files) {
    const bytes = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : new Uint8Array(file.data);
    form.append('files', new Blob([bytes], { type: file.type ?? 'text/markdown' }), file.name);
  }
  const path = `/api/v2/courses/${courseId}/lessons/import/${options.dryRun ? '?dryRun=true' : ''}`;
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (options.lang) headers.set('accept-language', options.lang);
  const request = new Request(new URL(path, ORIGIN), { method: 'POST', headers, body: form });
  const response = await importRoute({ request, params: { id: String(courseId) }, clientAddress: '127.0.0.1' });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

/** A course of a cohort with one lesson already, and a tutor of that cohort. */
async function setup() {
  const cohort = await createCohort();
  const course = await createReleasedCourse(cohort);
  await createLesson({ courseId: course.id, title: 'Bienvenida' });
  const tutor = await createUser({ userType: 'staff' });
  await enrollStudent(tutor, cohort, { roleId: ROLE_IDS.tutor });
  return { cohort, course, tutor, token: await accessTokenFor(tutor) };
}

async function lessonsOf(courseId: number) {
  const db = await getDb();
  return db
    .select({ title: lessons.title, section: lessons.section, contentMd: lessons.contentMd, videoUrl: lessons.videoUrl, position: lessons.position })
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position));
}

describe('POST /api/v2/courses/{id}/lessons/import/ — a folder of Markdown files', () => {
  it('appends one lesson per .md file in file-name order, reading titles, sections and videos, and reports the other files as ignored', async () => {
    const { course, token } = await setup();
    const files: UploadFile[] = [
      { name: 'curso/10-cierre.md', data: '# Cierre del curso\n\nGracias por llegar hasta aquí.' },
      { name: 'curso/foto.png', data: pngBytes(), type: 'image/png' },
      {
        name: 'curso/2-variables.md',
        data: '---\ntítulo: "Variables: qué son"\nsección: Fundamentos\nvideo: https://youtu.be/dQw4w9WgXcQ\n---\n# Un título que no manda\n\nUna **variable** guarda un valor.\n',
      },
      { name: 'curso/01-primeros_pasos.md', data: '\uFEFFSin encabezado, el título sale del nombre del archivo.\r\n' },
      { name: 'curso/notas.txt', data: 'no es una lección', type: 'text/plain' },
    ];
    const response = await importFiles(course.id, token, files);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ dryRun: false, format: 'markdown', invalid: 0, ignored: ['curso/foto.png', 'curso/notas.txt'] });
    expect(response.json.items.map((item: { file: string }) => item.file)).toEqual(['curso/01-primeros_pasos.md', 'curso/2-variables.md', 'curso/10-cierre.md']);
    expect(response.json.lessons.map((lesson: { title: string; position: number }) => [lesson.title, lesson.position])).toEqual([
      ['Primeros pasos', 1],
      ['Variables: qué son', 2],
      ['Cierre del curso', 3],
    ]);
    expect(await lessonsOf(course.id)).toEqual([
      expect.objectContaining({ title: 'Bienvenida', position: 0 }),
      { title: 'Primeros pasos', section: '', contentMd: 'Sin encabezado, el título sale del nombre del archivo.', videoUrl: null, position: 1 },
      {
        title: 'Variables: qué son',
        section: 'Fundamentos',
        // With a front-matter title, a heading in the text stays part of the content.
        contentMd: '# Un título que no manda\n\nUna **variable** guarda un valor.',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        position: 2,
      },
      // The opening heading became the title, so it leaves the content (the page shows the title once).
      { title: 'Cierre del curso', section: '', contentMd: 'Gracias por llegar hasta aquí.', videoUrl: null, position: 3 },
    ]);
  });

  it('dry run answers the preview and writes nothing', async () => {
    const { course, token } = await setup();
    const files = [
      { name: '01-a.md', data: '---\ntitle: Lección A\nsection: Uno\n---\nTexto A' },
      { name: '02-b.md', data: '# Lección B\n\nTexto B' },
    ];
    const preview = await importFiles(course.id, token, files, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      dryRun: true,
      format: 'markdown',
      invalid: 0,
      ignored: [],
      lessons: [],
      items: [
        { file: '01-a.md', row: null, title: 'Lección A', section: 'Uno', videoUrl: null, contentLength: 7, errors: {} },
        { file: '02-b.md', row: null, title: 'Lección B', section: '', videoUrl: null, contentLength: 7, errors: {} },
      ],
    });
    expect((await lessonsOf(course.id)).map((lesson) => lesson.title)).toEqual(['Bienvenida']);
  });

  it('reports every bad file in the caller’s language, and a real import with any error writes nothing', async () => {
    const { course, token } = await setup();
    const latin1 = new Uint8Array([0x23, 0x20, 0x4c, 0x65, 0x63, 0x63, 0x69, 0xf3, 0x6e]); // "# Lección" in Latin-1
    const files: UploadFile[] = [
      { name: '01-bien.md', data: '# Bien\n\nTodo en orden.' },
      { name: '02-latin1.md', data: latin1 },
      { name: '03-video.md', data: '---\ntitle: Video raro\nvideo: https://example.com/clase\n---\nTexto' },
      { name: '04-abierto.md', data: '---\ntitle: Nunca cierra\nTexto' },
      { name: '05-largo.md', data: `# Largo\n\n${'x'.repeat(200_001)}` },
      { name: '06-enlace.md', data: '---\ntitle: Enlace\nvideo: ftp://example.com/a.mp4\n---\n' },
    ];
    const preview = await importFiles(course.id, token, files, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json.invalid).toBe(5);
    expect(preview.json.items.map((item: { errors: Record<string, string> }) => item.errors)).toEqual([
      {},
      { file: 'El archivo no es texto UTF-8. Guárdalo con codificación UTF-8 y vuelve a intentarlo' },
      { videoUrl: 'El video debe ser un enlace de YouTube, de Vimeo o de un archivo .mp4 con https' },
      { file: 'El encabezado abre con --- pero nunca se cierra con otra línea ---' },
      { contentMd: 'Debe tener máximo 200.000 caracteres' },
      { videoUrl: 'Ingrese un link válido' },
    ]);

    const refused = await importFiles(course.id, token, files, { lang: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('lesson_import_invalid');
    expect(refused.json.error.message).toBe('5 lessons have errors. Nothing was imported.');
    expect(refused.json.error.fields).toEqual({
      'files.02-latin1.md.file': 'The file is not UTF-8 text. Save it with UTF-8 encoding and try again',
      'files.03-video.md.videoUrl': 'The video must be a YouTube or Vimeo link, or an https link to an .mp4 file',
      'files.04-abierto.md.file': 'The header opens with --- but is never closed by another --- line',
      'files.05-largo.md.contentMd': 'Must be at most 200,000 characters',
      'files.06-enlace.md.videoUrl': expect.any(String),
    });
    const one = await importFiles(course.id, token, [files[1]!]);
    expect(one.json.error.message).toBe('1 lección tiene errores. No se importó nada.');
    expect((await lessonsOf(course.id)).map((lesson) => lesson.title)).toEqual(['Bienvenida']);
  });

  it('refuses a folder without Markdown files, and more lessons than the limit, naming the limit', async () => {
    const { course, token } = await setup();
    const none = await importFiles(course.id, token, [{ name: 'foto.png', data: pngBytes(), type: 'image/png' }]);
    expect(none.status).toBe(400);
    expect(none.json.error.fields).toEqual({ files: 'No encontramos archivos Markdown (.md) para importar' });

    const many = Array.from({ length: LESSON_IMPORT_MAX_LESSONS + 1 }, (_, index) => ({ name: `${index}.md`, data: `# L${index}` }));
    const tooMany = await importFiles(course.id, token, many, { dryRun: true });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toMatchObject({ code: 'lesson_import_too_many', message: `La importación trae 501 lecciones; el máximo es ${LESSON_IMPORT_MAX_LESSONS}. No se importó nada.` });
    expect((await lessonsOf(course.id)).length).toBe(1);
  });

  it('refuses an upload over the size limit with 413 naming the limit', async () => {
    const { course, token } = await setup();
    const big = { name: 'grande.md', data: `# Grande\n\n${'a'.repeat(LESSON_IMPORT_MAX_BYTES)}` };
    const response = await importFiles(course.id, token, [big]);
    expect(response.status).toBe(413);
    expect(response.json.error.message).toBe('La solicitud es demasiado grande (máximo 5 MB).');
  });
});

describe('POST /api/v2/courses/{id}/lessons/import/ — a spreadsheet', () => {
  it('appends one lesson per CSV row, with Spanish headers, `;` separators and Markdown content across lines', async () => {
    const { course, token } = await setup();
    const csv = [
      'Título;Sección;Contenido;Video',
      'Sumas;Aritmética;"# Sumar\n\nSumar es **juntar**; nada más.";https://vimeo.com/76979871',
      '',
      'Restas;Aritmética;Quitar;',
    ].join('\r\n');
    const response = await importFiles(course.id, token, [{ name: 'lecciones.csv', data: csv, type: 'text/csv' }]);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ format: 'spreadsheet', invalid: 0, ignored: [] });
    expect(response.json.items.map((item: { title: string; file: null }) => [item.title, item.file])).toEqual([
      ['Sumas', null],
      ['Restas', null],
    ]);
    expect((await lessonsOf(course.id)).slice(1)).toEqual([
      { title: 'Sumas', section: 'Aritmética', contentMd: '# Sumar\n\nSumar es **juntar**; nada más.', videoUrl: 'https://vimeo.com/76979871', position: 1 },
      { title: 'Restas', section: 'Aritmética', contentMd: 'Quitar', videoUrl: null, position: 2 },
    ]);
  });

  it('appends one lesson per XLSX row (first worksheet, English headers in any order)', async () => {
    const { course, token } = await setup();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Lecciones');
    sheet.addRow(['Video', 'Content', 'Title', 'Section']);
    sheet.addRow(['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'Texto *uno*', 'Uno', 'Inicio']);
    sheet.addRow(['', 'Texto dos', 'Dos', '']);
    workbook.addWorksheet('Notas').addRow(['title', 'no se importa']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer());
    const response = await importFiles(course.id, token, [{ name: 'lecciones.xlsx', data, type: XLSX_TYPE }]);
    expect(response.status).toBe(200);
    expect((await lessonsOf(course.id)).slice(1)).toEqual([
      { title: 'Uno', section: 'Inicio', contentMd: 'Texto *uno*', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', position: 1 },
      { title: 'Dos', section: '', contentMd: 'Texto dos', videoUrl: null, position: 2 },
    ]);
  });

  it('reports rows by spreadsheet row number, and refuses what is not a spreadsheet (415) or has no title column', async () => {
    const { course, token } = await setup();
    const csv = 'title,video\nBien,\n,https://youtu.be/dQw4w9WgXcQ\nVideo malo,https://example.com/x\n';
    const refused = await importFiles(course.id, token, [{ name: 'l.csv', data: csv }]);
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({
      'rows.3.title': 'El título es obligatorio',
      'rows.4.videoUrl': 'El video debe ser un enlace de YouTube, de Vimeo o de un archivo .mp4 con https',
    });

    const binary = await importFiles(course.id, token, [{ name: 'l.xlsx', data: pngBytes() }], { format: 'spreadsheet' });
    expect(binary.status).toBe(415);
    expect(binary.json.error.message).toContain('CSV');

    const noTitle = await importFiles(course.id, token, [{ name: 'l.csv', data: 'nombre_del_curso,video\nA,\n' }]);
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.error.fields.files).toBe('La hoja necesita una columna de título (título o title) en la primera fila');

    const two = await importFiles(course.id, token, [{ name: 'a.csv', data: 'title\nA' }, { name: 'b.csv', data: 'title\nB' }], { format: 'spreadsheet' });
    expect(two.status).toBe(400);
    expect((await lessonsOf(course.id)).length).toBe(1);
  });
});

describe('POST /api/v2/courses/{id}/lessons/import/ — row numbers', () => {
  // Regression: CSV rows were numbered by physical line, so a Markdown cell spanning several lines shifted every row reported after it.
  it('counts records, not lines: a multi-line Markdown cell does not shift the row named in later errors', async () => {
    const { course, token } = await setup();
    const csv = [
      'title,content,video',
      'Sumas,"# Sumar\n\nSumar es **juntar**.\n\n- uno\n- dos",', // row 2, six lines long
      ',Sin título,', // row 3
      'Video malo,"Una línea\ny otra",https://example.com/clase', // row 4
    ].join('\r\n');
    const refused = await importFiles(course.id, token, [{ name: 'lecciones.csv', data: csv, type: 'text/csv' }]);
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toEqual({
      'rows.3.title': 'El título es obligatorio',
      'rows.4.videoUrl': 'El video debe ser un enlace de YouTube, de Vimeo o de un archivo .mp4 con https',
    });
    const preview = await importFiles(course.id, token, [{ name: 'lecciones.csv', data: csv, type: 'text/csv' }], { dryRun: true, lang: 'en' });
    expect(preview.json.items.map((item: { row: number; title: string }) => [item.row, item.title])).toEqual([
      [2, 'Sumas'],
      [3, ''],
      [4, 'Video malo'],
    ]);
    expect(preview.json.items[1].errors).toEqual({ title: 'The title is required' });
    expect((await lessonsOf(course.id)).map((lesson) => lesson.title)).toEqual(['Bienvenida']);
  });
});

describe('who may import', () => {
  it('a tutor of another cohort gets 404, a student of the cohort 403, and nothing is written', async () => {
    const { cohort, course } = await setup();
    const otherTutor = await createUser({ userType: 'staff' });
    await enrollStudent(otherTutor, await createCohort(), { roleId: ROLE_IDS.tutor });
    const student = await createUser();
    await enrollStudent(student, cohort);
    const files = [{ name: '01.md', data: '# Intrusa' }];
    expect((await importFiles(course.id, await accessTokenFor(otherTutor), files)).status).toBe(404);
    expect((await importFiles(course.id, await accessTokenFor(otherTutor), files, { dryRun: true })).status).toBe(404);
    expect((await importFiles(course.id, await accessTokenFor(student), files)).status).toBe(403);
    const admin = await createUser({ userType: 'admin' });
    expect((await importFiles(course.id, await accessTokenFor(admin), files)).status).toBe(200);
    expect((await lessonsOf(course.id)).map((lesson) => lesson.title)).toEqual(['Bienvenida', 'Intrusa']);
  });
});
