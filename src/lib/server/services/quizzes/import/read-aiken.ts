/**
 * The Aiken format (Moodle's simplest): a question, its options `A.` / `A)`
 * one per line, and `ANSWER: <letter>`; questions separated by blank lines.
 * Each becomes a single-choice question.
 */
import type { QuestionDraft } from './question-draft';

const OPTION_LINE = /^([A-Za-z])[.)]\s+(.*)$/;
const ANSWER_LINE = /^ANSWER\s*:\s*(.*)$/i;

/** The questions of an Aiken text, each with the line it starts on and what is wrong with it. */
export function readAiken(text: string): QuestionDraft[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const drafts: QuestionDraft[] = [];
  let block: { start: number; lines: string[] } | null = null;
  const flush = () => {
    if (block) drafts.push(readBlock(block.start, block.lines));
    block = null;
  };
  lines.forEach((line, index) => {
    if (line.trim() === '') return flush();
    if (!block) block = { start: index + 1, lines: [] };
    block.lines.push(line.trim());
  });
  flush();
  return drafts;
}

function readBlock(start: number, lines: string[]): QuestionDraft {
  const prompt: string[] = [];
  const options: { letter: string; text: string }[] = [];
  let answer: string | null = null;
  for (const line of lines) {
    const answerMatch = ANSWER_LINE.exec(line);
    const optionMatch = OPTION_LINE.exec(line);
    if (answerMatch) answer = answerMatch[1]!.trim().toUpperCase();
    else if (optionMatch && prompt.length > 0) options.push({ letter: optionMatch[1]!.toUpperCase(), text: optionMatch[2]!.trim() });
    else if (options.length === 0) prompt.push(line);
    // A line after the options that is neither an option nor the answer belongs to the last option.
    else options.at(-1)!.text += ` ${line}`;
  }
  const problems: QuestionDraft['problems'] = {};
  if (answer === null) problems.answer = 'validation.questionImport.aikenAnswer';
  else if (!options.some((option) => option.letter === answer)) problems.answer = 'validation.questionImport.aikenAnswerLetter';
  return {
    line: start,
    input: { type: 'single', prompt: prompt.join('\n'), options: options.map((option) => ({ text: option.text, correct: option.letter === answer })) },
    problems,
  };
}
