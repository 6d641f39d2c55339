/**
 * Moodle's GIFT format, through gift-pegjs (a PEG grammar of GIFT), in the
 * common subset: multiple choice (one `=` right answer → single; `%n%`
 * weights → multiple, the positive ones right), true/false, short answer,
 * numeric (`#4:0.5`, `#1..5`), essay, with general feedback; `$CATEGORY:`
 * becomes a tag of the questions after it. The file is read question by
 * question (questions are separated by blank lines, as GIFT requires), so
 * one broken question is reported on its own line and the others still
 * show in the preview.
 */
import { parse, type GIFTQuestion, type NumericalChoice, type NumericalFormat, type TextChoice } from 'gift-pegjs';
import type { QuestionDraft, TrueFalseLabels } from './question-draft';

interface Block {
  start: number;
  text: string;
}

/** Blocks of non-blank lines, each with the line it starts on (1-based). */
function blocksOf(text: string): Block[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const blocks: Block[] = [];
  let current: { start: number; lines: string[] } | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === '') {
      if (current) blocks.push({ start: current.start, text: current.lines.join('\n') });
      current = null;
      return;
    }
    current ??= { start: index + 1, lines: [] };
    current.lines.push(line);
  });
  if (current) blocks.push({ start: (current as { start: number }).start, text: (current as { lines: string[] }).lines.join('\n') });
  return blocks;
}

const isCommentOnly = (block: Block) => block.text.split('\n').every((line) => line.trim().startsWith('//'));
const textOf = (format: { text: string } | null | undefined) => (format?.text ?? '').trim();

/** The number and tolerance a numeric answer names (`4:0.5`, `1..5`, `4`). */
function numberOf(format: NumericalFormat): { answer: number; tolerance: number } | null {
  if (format.type === 'range' && typeof format.number === 'number') return { answer: format.number, tolerance: Math.abs(format.range ?? 0) };
  if (format.type === 'high-low' && typeof format.numberHigh === 'number' && typeof format.numberLow === 'number') {
    return { answer: (format.numberHigh + format.numberLow) / 2, tolerance: Math.abs(format.numberHigh - format.numberLow) / 2 };
  }
  if (typeof format.number === 'number') return { answer: format.number, tolerance: 0 };
  return null;
}

function toInput(question: Exclude<GIFTQuestion, { type: 'Category' }>, labels: TrueFalseLabels): { input: Record<string, unknown>; problems: QuestionDraft['problems'] } {
  const base = { prompt: textOf(question.stem), ...('globalFeedback' in question && question.globalFeedback ? { feedback: textOf(question.globalFeedback) } : {}) };
  switch (question.type) {
    case 'MC': {
      const choices = question.choices as TextChoice[];
      const weighted = choices.some((choice) => choice.weight !== null);
      const options = choices.map((choice) => ({ text: textOf(choice.text), correct: weighted ? (choice.weight ?? 0) > 0 : choice.isCorrect }));
      const correct = options.filter((option) => option.correct).length;
      return { input: { ...base, type: weighted || correct > 1 ? 'multiple' : 'single', options }, problems: {} };
    }
    case 'TF':
      return {
        input: { ...base, type: 'true_false', options: [{ text: labels.true, correct: question.isTrue }, { text: labels.false, correct: !question.isTrue }] },
        problems: {},
      };
    case 'Short':
      return { input: { ...base, type: 'short_text', answers: (question.choices as TextChoice[]).filter((choice) => choice.isCorrect).map((choice) => textOf(choice.text)) }, problems: {} };
    case 'Numerical': {
      const choices = question.choices;
      const right = Array.isArray(choices) ? (choices as NumericalChoice[]).find((choice) => choice.isCorrect || (choice.weight ?? 0) >= 100)?.text : choices;
      const found = right ? numberOf(right) : null;
      return found ? { input: { ...base, type: 'numeric', ...found }, problems: {} } : { input: { ...base, type: 'numeric' }, problems: { answer: 'validation.quiz.numericAnswer' } };
    }
    case 'Essay':
      return { input: { ...base, type: 'open' }, problems: {} };
    default:
      return { input: { ...base, type: null }, problems: { type: { key: 'validation.questionImport.giftUnsupported', params: { type: question.type } } } };
  }
}

/** The questions of a GIFT text, each with the line it starts on and what is wrong with it. */
export function readGift(text: string, labels: TrueFalseLabels): QuestionDraft[] {
  const drafts: QuestionDraft[] = [];
  let category: string | null = null;
  for (const block of blocksOf(text)) {
    if (isCommentOnly(block)) continue;
    let parsed: GIFTQuestion[];
    try {
      parsed = parse(block.text);
    } catch (error) {
      const location = (error as { location?: { start?: { line: number; column: number } } }).location?.start;
      const line = block.start + (location ? location.line - 1 : 0);
      drafts.push({
        line,
        input: { prompt: block.text.split('\n').find((item) => !item.trim().startsWith('//'))?.trim() ?? '' },
        problems: { gift: { key: 'validation.questionImport.giftSyntax', params: { line, column: location?.column ?? 1 } } },
      });
      continue;
    }
    for (const question of parsed) {
      if (question.type === 'Category') {
        category = question.title.split('/').filter(Boolean).at(-1)?.replace(/^\$(course|system|module|cat\d*)\$$/, '').trim() || null;
        continue;
      }
      const { input, problems } = toInput(question, labels);
      drafts.push({ line: block.start, input: { ...input, ...(category ? { tags: [category] } : {}) }, problems });
    }
  }
  return drafts;
}
