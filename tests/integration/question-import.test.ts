/**
 * The question bank's import (GIFT, Aiken, CSV/XLSX with Spanish or English
 * headers: a preview with per-line errors, all or nothing) and the results
 * export (CSV and XLSX).
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as importRoute } from '~/pages/api/v2/courses/[id]/questions/import';
import { GET as exportRoute } from '~/pages/api/v2/quizzes/[id]/attempts/export';
import { getDb } from '~/lib/server/db/client';
import { bankQuestions } from '~/lib/server/db/schema';
import type { Caller } from '~/lib/server/access/permissions';
import { completeAttempt } from '~/lib/server/services/quizzes/attempt-results';
import { saveAnswer } from '~/lib/server/services/quizzes/save-answer';
import { startAttempt } from '~/lib/server/services/quizzes/start-attempt';
import { ORIGIN } from '../support/http';
import { callForm } from '../support/multipart';
import { accessTokenFor, createWorld } from '../factories';
import { createSixTypeQuiz } from '../factories/quizzes';

let world: Awaited<ReturnType<typeof createWorld>>;
let tutorToken: string;
beforeEach(async () => {
  world = await createWorld();
  tutorToken = await accessTokenFor(world.tutor);
});

const encode = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
const upload = (name: string, data: Uint8Array<ArrayBuffer>, options: { dryRun?: boolean; fields?: Record<string, string>; token?: string; lang?: string } = {}) =>
  callForm(importRoute, {
    path: `/api/v2/courses/${world.courseA.id}/questions/import/${options.dryRun ? '?dryRun=true' : ''}`,
    params: { id: String(world.courseA.id) },
    files: { file: { name, type: 'application/octet-stream', data } },
    fields: options.fields,
    token: options.token ?? tutorToken,
    headers: options.lang ? { 'accept-language': options.lang } : undefined,
  });
const bankSize = async () => (await (await getDb()).select().from(bankQuestions).where(eq(bankQuestions.courseId, world.courseA.id))).length;

const GIFT = `// Banco de la semana 1
$CATEGORY: $course$/Geografía

::Capital:: ¿Cuál es la capital de Colombia? {=Bogotá#¡Bien! ~Medellín ~Cali}

::Lenguajes:: Elige lenguajes de programación {~%50%JavaScript ~%50%Python ~%-100%HTML}

::Agua:: El agua hierve a 100 °C al nivel del mar. {T}

::Enlace:: ¿Qué etiqueta HTML crea un enlace? {=a =ancla}

::Suma:: ¿Cuánto es 2 + 2? {#4:0.5}

::Ensayo:: Explica qué es una variable. {
####Una buena respuesta menciona nombre y valor.
}
`;

describe('importing questions into the bank', () => {
  it('reads GIFT (the six types, feedback, $CATEGORY as a tag) and adds them all', async () => {
    const response = await upload('semana1.gift', encode(GIFT), { fields: { tags: 'semana 1' } });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    expect(response.json.format).toBe('gift');
    const questions = response.json.questions as { type: string; tags: string[]; options?: { text: string; correct: boolean }[]; answers?: string[]; answer?: number; tolerance?: number; feedback: string | null }[];
    expect(questions.map((question) => question.type)).toEqual(['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open']);
    expect(questions[0]!.tags).toEqual(['Geografía', 'semana 1']);
    expect(questions[1]!.options!.filter((option) => option.correct).map((option) => option.text)).toEqual(['JavaScript', 'Python']);
    expect(questions[2]!.options).toEqual([expect.objectContaining({ text: 'Verdadero', correct: true }), expect.objectContaining({ text: 'Falso', correct: false })]);
    expect(questions[3]!.answers).toEqual(['a', 'ancla']);
    expect(questions[4]).toMatchObject({ answer: 4, tolerance: 0.5 });
    expect(questions[5]).toMatchObject({ type: 'open', feedback: 'Una buena respuesta menciona nombre y valor.' });
    expect(await bankSize()).toBe(6);
  });

  it('a broken question is reported on its own line in the preview, and the real import then writes nothing', async () => {
    const broken = `${GIFT}\n::Rota:: Falta cerrar {=sí ~no\n\n::Otra:: Opción única sin correcta {~a ~b}\n`;
    const preview = await upload('rota.gift', encode(broken), { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ dryRun: true, invalid: 2, questions: [] });
    const bad = preview.json.items.filter((item: { errors: object }) => Object.keys(item.errors).length > 0);
    expect(bad.map((item: { line: number }) => item.line)).toEqual([18, 20]);
    expect(bad[0].errors.gift).toMatch(/^No se pudo leer esta pregunta GIFT \(línea \d+, columna \d+\)$/);
    expect(bad[1].errors.options).toBe('Marca exactamente una opción correcta');

    const refused = await upload('rota.gift', encode(broken));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'question_import_invalid', message: '2 preguntas del archivo tienen errores. No se importó nada.' });
    expect(Object.keys(refused.json.error.fields)).toEqual(['lines.18.gift', 'lines.20.options']);
    expect(await bankSize()).toBe(0);
  });

  it('reads Aiken, and says when the answer letter is missing or wrong', async () => {
    const aiken = 'What is 2 + 2?\nA. 3\nB. 4\nC. 5\nANSWER: B\n\nCapital of Peru?\nA) Lima\nB) Quito\nANSWER: D\n';
    const preview = await upload('banco.txt', encode(aiken), { dryRun: true, lang: 'en' });
    expect(preview.json.format).toBe('aiken');
    expect(preview.json.items[0]).toMatchObject({ line: 1, type: 'single', prompt: 'What is 2 + 2?', errors: {} });
    expect(preview.json.items[1]).toMatchObject({ line: 7, errors: { answer: 'The ANSWER letter is none of the options' } });
    const fixed = await upload('banco.txt', encode(aiken.replace('ANSWER: D', 'ANSWER: A')));
    expect(fixed.json.questions.map((question: { options: { text: string; correct: boolean }[] }) => question.options.find((option) => option.correct)!.text)).toEqual(['4', 'Lima']);
  });

  it('reads a CSV with Spanish headers and `;`, and an XLSX with English headers', async () => {
    const csv = [
      'Tipo;Pregunta;Puntos;Opciones;Correcta;Tolerancia;Retroalimentación;Etiquetas',
      'única;¿Capital de Colombia?;2;Bogotá|Lima|Quito;A;;Es Bogotá;geografía',
      'múltiple;¿Lenguajes?;1;JavaScript|HTML|Python;1,3;;;',
      'verdadero_falso;¿El sol es una estrella?;1;;verdadero;;;',
      'respuesta_corta;¿Etiqueta de enlace?;1;;a|ancla;;;',
      'numérica;¿Pi con dos decimales?;1;;3,14;0,01;;',
      'abierta;Describe tu barrio.;3;;;;;redacción',
    ].join('\n');
    const fromCsv = await upload('banco.csv', encode(csv));
    expect(fromCsv.status, JSON.stringify(fromCsv.json)).toBe(200);
    expect(fromCsv.json.questions.map((question: { type: string }) => question.type)).toEqual(['single', 'multiple', 'true_false', 'short_text', 'numeric', 'open']);
    expect(fromCsv.json.questions[0]).toMatchObject({ points: 2, tags: ['geografía'], feedback: 'Es Bogotá' });
    expect(fromCsv.json.questions[4]).toMatchObject({ answer: 3.14, tolerance: 0.01 });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Questions');
    sheet.addRow(['Type', 'Question', 'Points', 'Options', 'Correct']);
    sheet.addRow(['single', 'Two plus two?', 1, '3|4', 'B']);
    sheet.addRow(['kaboom', 'What?', 1, '', '']);
    const data = new Uint8Array(await workbook.xlsx.writeBuffer()) as Uint8Array<ArrayBuffer>;
    const preview = await upload('questions.xlsx', data, { dryRun: true });
    expect(preview.json).toMatchObject({ format: 'spreadsheet', invalid: 1 });
    expect(preview.json.items[1]).toMatchObject({ line: 3, errors: { type: expect.stringContaining('Tipo desconocido') } });
  });

  it('a student cannot import (403)', async () => {
    const response = await upload('banco.gift', encode(GIFT), { token: await accessTokenFor(world.student) });
    expect(response.status).toBe(403);
  });
});

describe('exporting results', () => {
  const studentOf = (): Caller => ({ id: world.student.id, email: world.student.email, userType: 'student', cohorts: [] });
  const fetchExport = async (quizId: number, format: string) => {
    const url = new URL(`/api/v2/quizzes/${quizId}/attempts/export/?format=${format}`, ORIGIN);
    const request = new Request(url, { headers: { authorization: `Bearer ${tutorToken}` } });
    return exportRoute({ request, params: { id: String(quizId) }, clientAddress: '127.0.0.1' } as never);
  };

  it('writes one row per attempt, as CSV a Spanish Excel opens and as XLSX', async () => {
    const quiz = await createSixTypeQuiz(world.courseA.id, { title: 'Evaluación final de SQL' });
    const { attempt } = await startAttempt(studentOf(), quiz.id);
    const single = quiz.questions[0]!;
    await saveAnswer(studentOf(), quiz.id, { attemptId: attempt.id, questionId: single.id, optionIds: [single.options!.find((option) => option.correct)!.id] });
    await completeAttempt(studentOf(), quiz.id, attempt.id);

    const csv = await fetchExport(quiz.id, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('evaluacion-final-de-sql.csv');
    const text = await csv.text();
    const [header, row] = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('Estudiante;Correo;Intento;Estado;Inicio;Fin;Cerrado por;Puntaje;Puntaje máximo;Porcentaje;Aprobado;Pendiente de calificación');
    expect(row).toContain(`;${world.student.email};1;Enviado;`);
    // Scored 2 of 10 (the open question left blank waits for nobody).
    expect(row, row).toMatch(/;2;10;20;No;No$/);

    const xlsx = await fetchExport(quiz.id, 'xlsx');
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Estudiante');
    expect(sheet.getRow(2).getCell(2).value).toBe(world.student.email);
    expect(sheet.getRow(2).getCell(8).value).toBe(2);
  });
});
