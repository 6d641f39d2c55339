/**
 * Questions from a spreadsheet (CSV with `,` or `;`, or XLSX, read by the
 * safe reader): one per row, columns named in Spanish or English, in any
 * order and case: tipo/type, pregunta/question, puntos/points,
 * opciones/options (separated by `|`), correcta/correct (the right options
 * as letters A, C or numbers 1, 3 or their text; `verdadero`/`falso` for
 * true/false; the accepted answers separated by `|` for a short answer; the
 * number for a numeric one), tolerancia/tolerance, retroalimentación/feedback,
 * etiquetas/tags (separated by commas).
 */
import { AppError } from '~/lib/shared/errors';
import type { QuestionType } from '~/lib/shared/quizzes';
import { normalizeHeaderName } from '~/lib/server/spreadsheets/header-name';
import { readSheetRows, type SheetRow } from '~/lib/server/spreadsheets/read-sheet-rows';
import { parseLooseNumber, type QuestionDraft, type TrueFalseLabels } from './question-draft';

const COLUMNS = {
  type: ['tipo', 'type', 'tipo_de_pregunta', 'question_type'],
  prompt: ['pregunta', 'enunciado', 'question', 'prompt'],
  points: ['puntos', 'puntaje', 'points'],
  options: ['opciones', 'options'],
  correct: ['correcta', 'correctas', 'respuesta', 'respuestas', 'correct', 'answer', 'answers'],
  tolerance: ['tolerancia', 'tolerance'],
  feedback: ['retroalimentacion', 'feedback'],
  tags: ['etiquetas', 'tags', 'etiqueta', 'tag'],
} as const;
type Column = keyof typeof COLUMNS;

const TYPE_NAMES: Record<string, QuestionType> = {
  single: 'single',
  unica: 'single',
  opcion_unica: 'single',
  seleccion_unica: 'single',
  multiple: 'multiple',
  opcion_multiple: 'multiple',
  seleccion_multiple: 'multiple',
  multiples: 'multiple',
  true_false: 'true_false',
  verdadero_falso: 'true_false',
  'verdadero/falso': 'true_false',
  'v/f': 'true_false',
  vf: 'true_false',
  short_text: 'short_text',
  respuesta_corta: 'short_text',
  corta: 'short_text',
  texto_corto: 'short_text',
  short_answer: 'short_text',
  numeric: 'numeric',
  numerica: 'numeric',
  numero: 'numeric',
  number: 'numeric',
  open: 'open',
  abierta: 'open',
  ensayo: 'open',
  essay: 'open',
};

const TRUE_WORDS = new Set(['verdadero', 'v', 'true', 't', 'si', 'cierto']);
const FALSE_WORDS = new Set(['falso', 'f', 'false', 'no']);

const splitList = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

/** Which options a `correct` cell names: letters (A), numbers (1, from 1) or the option's text. */
function correctIndexes(cell: string, options: readonly string[]): number[] | null {
  const indexes: number[] = [];
  for (const token of splitList(cell, /[,;|]/)) {
    const byText = options.findIndex((option) => normalizeHeaderName(option) === normalizeHeaderName(token));
    if (byText >= 0) indexes.push(byText);
    else if (/^[A-Za-z]$/.test(token)) indexes.push(token.toUpperCase().charCodeAt(0) - 65);
    else if (/^\d+$/.test(token)) indexes.push(Number(token) - 1);
    else return null;
  }
  return indexes.every((index) => index >= 0 && index < options.length) ? indexes : null;
}

function readRow(cell: (column: Column) => string, line: number, labels: TrueFalseLabels): QuestionDraft {
  const problems: QuestionDraft['problems'] = {};
  const typeName = normalizeHeaderName(cell('type'));
  const type = TYPE_NAMES[typeName] ?? TYPE_NAMES[typeName.replace(/_/g, '')] ?? null;
  if (!type) problems.type = 'validation.questionImport.type';
  const input: Record<string, unknown> = { type, prompt: cell('prompt').replace(/\r\n?/g, '\n').trim() };
  const points = cell('points').trim();
  if (points) input.points = parseLooseNumber(points) ?? points;
  const feedback = cell('feedback').trim();
  if (feedback) input.feedback = feedback;
  const tags = splitList(cell('tags'), /,/);
  if (tags.length > 0) input.tags = tags;
  const correct = cell('correct').trim();
  switch (type) {
    case 'single':
    case 'multiple': {
      const options = splitList(cell('options'), /\|/);
      const indexes = correctIndexes(correct, options);
      if (correct && indexes === null) problems.correct = 'validation.questionImport.correctOptions';
      input.options = options.map((text, index) => ({ text, correct: indexes?.includes(index) ?? false }));
      break;
    }
    case 'true_false': {
      const word = normalizeHeaderName(correct);
      if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) problems.correct = 'validation.questionImport.trueFalse';
      input.options = [
        { text: labels.true, correct: TRUE_WORDS.has(word) },
        { text: labels.false, correct: FALSE_WORDS.has(word) },
      ];
      break;
    }
    case 'short_text':
      input.answers = splitList(correct, /\|/);
      break;
    case 'numeric': {
      const answer = parseLooseNumber(correct);
      if (answer === null) problems.correct = 'validation.quiz.numericAnswer';
      else input.answer = answer;
      const tolerance = cell('tolerance').trim();
      if (tolerance) input.tolerance = parseLooseNumber(tolerance) ?? tolerance;
      break;
    }
    default:
      break;
  }
  return { line, input, problems };
}

/** The questions of a spreadsheet, one per row (the header is row 1); without a question column the file is refused as a whole. */
export async function readQuestionSheet(data: Uint8Array, labels: TrueFalseLabels): Promise<QuestionDraft[]> {
  const [header, ...rows] = await readSheetRows(data);
  if (!header || rows.length === 0) throw new AppError('validation_failed', { fields: { file: 'validation.questionImport.emptySheet' } });
  const located: Partial<Record<Column, number>> = {};
  header.cells.forEach((name, index) => {
    const normalized = normalizeHeaderName(name);
    const column = (Object.keys(COLUMNS) as Column[]).find((key) => (COLUMNS[key] as readonly string[]).includes(normalized));
    if (column && located[column] === undefined) located[column] = index;
  });
  if (located.prompt === undefined || located.type === undefined) throw new AppError('validation_failed', { fields: { file: 'validation.questionImport.columns' } });
  return rows.map((row: SheetRow) => readRow((column) => (located[column] === undefined ? '' : (row.cells[located[column]] ?? '')), row.rowNumber, labels));
}
