import { describe, expect, it } from 'vitest';
import { normalizeShortAnswer, scoreAttempt, scoreQuestion, type ScorableQuestion } from '~/lib/shared/quiz-scoring';
import { availabilityOf, canSeeReview, deadlineOf } from '~/lib/shared/quizzes';

const question = (overrides: Partial<ScorableQuestion>): ScorableQuestion => ({ questionId: 1, type: 'single', points: 1, options: [], answers: [], answer: null, tolerance: 0, ...overrides });
const choices = [
  { id: 1, correct: true },
  { id: 2, correct: true },
  { id: 3, correct: false },
];

describe('scoring a question', () => {
  it('single choice: the one right option, nothing else', () => {
    const single = question({ points: 2, options: [{ id: 1, correct: true }, { id: 2, correct: false }] });
    expect(scoreQuestion(single, { optionIds: [1] })).toEqual({ earned: 2, correct: true, answered: true });
    expect(scoreQuestion(single, { optionIds: [2] })).toEqual({ earned: 0, correct: false, answered: true });
    expect(scoreQuestion(single, { optionIds: [] })).toEqual({ earned: 0, correct: false, answered: false });
    expect(scoreQuestion(single, undefined)).toEqual({ earned: 0, correct: false, answered: false });
  });

  it('multiple choice: right picks minus wrong picks over the right ones, never below zero', () => {
    const multiple = question({ type: 'multiple', points: 3, options: choices });
    expect(scoreQuestion(multiple, { optionIds: [1, 2] }).earned).toBe(3);
    expect(scoreQuestion(multiple, { optionIds: [1] })).toMatchObject({ earned: 1.5, correct: false });
    expect(scoreQuestion(multiple, { optionIds: [1, 3] }).earned).toBe(0);
    expect(scoreQuestion(multiple, { optionIds: [3] }).earned).toBe(0);
    expect(scoreQuestion(multiple, { optionIds: [1, 2, 3] }).earned).toBe(1.5);
  });

  it('short text: without case, accents or surrounding spaces', () => {
    const short = question({ type: 'short_text', answers: ['Bogotá D.C.', 'bogota'] });
    expect(normalizeShortAnswer('  BOGOTÁ   d.c. ')).toBe('bogota d.c.');
    expect(scoreQuestion(short, { text: ' BOGOTA ' }).correct).toBe(true);
    expect(scoreQuestion(short, { text: 'Bogotá d.c.' }).correct).toBe(true);
    expect(scoreQuestion(short, { text: 'Medellín' }).correct).toBe(false);
  });

  it('numeric: within the tolerance', () => {
    const numeric = question({ type: 'numeric', answer: 3.14, tolerance: 0.01 });
    expect(scoreQuestion(numeric, { number: 3.15 }).correct).toBe(true);
    expect(scoreQuestion(numeric, { number: 3.16 }).correct).toBe(false);
    expect(scoreQuestion(question({ type: 'numeric', answer: 42, tolerance: 0 }), { number: 42 }).correct).toBe(true);
  });

  it('open: waits for a person when answered, earns nothing when blank, and what the person gave once graded', () => {
    const open = question({ type: 'open', points: 4 });
    expect(scoreQuestion(open, { text: 'Mi ensayo' })).toEqual({ earned: null, correct: null, answered: true });
    expect(scoreQuestion(open, { text: '   ' })).toEqual({ earned: 0, correct: false, answered: false });
    expect(scoreQuestion(open, { text: 'Mi ensayo', manualPoints: 2.5 })).toEqual({ earned: 2.5, correct: false, answered: true });
    expect(scoreQuestion(open, { text: 'Mi ensayo', manualPoints: 4 }).correct).toBe(true);
  });
});

describe('scoring an attempt', () => {
  it('adds the points, gives the percentage to one decimal and the pass mark, and says when a person must grade', () => {
    const questions = [question({ questionId: 1, points: 1, options: [{ id: 1, correct: true }] }), question({ questionId: 2, type: 'open', points: 2 })];
    const pending = scoreAttempt(questions, new Map([[1, { optionIds: [1] }], [2, { text: 'x' }]]), 30);
    expect(pending).toMatchObject({ score: 1, maxScore: 3, percent: 33.3, passed: true, pendingManualGrading: true });
    const graded = scoreAttempt(questions, new Map([[1, { optionIds: [1] }], [2, { text: 'x', manualPoints: 1 }]]), 70);
    expect(graded).toMatchObject({ score: 2, percent: 66.7, passed: false, pendingManualGrading: false });
  });
});

describe('a quiz window', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('is upcoming before opensAt, open until closesAt, closed after or when unpublished', () => {
    expect(availabilityOf({ published: true, opensAt: '2026-03-02T00:00:00Z', closesAt: null }, now)).toBe('upcoming');
    expect(availabilityOf({ published: true, opensAt: null, closesAt: '2026-03-02T00:00:00Z' }, now)).toBe('open');
    expect(availabilityOf({ published: true, opensAt: null, closesAt: '2026-03-01T11:59:59Z' }, now)).toBe('closed');
    expect(availabilityOf({ published: false, opensAt: null, closesAt: null }, now)).toBe('closed');
  });

  it('an attempt ends at its time limit or the closing date, whichever is first', () => {
    const started = new Date('2026-03-01T12:00:00Z');
    expect(deadlineOf({ timeLimitS: 600, closesAt: null }, started)?.toISOString()).toBe('2026-03-01T12:10:00.000Z');
    expect(deadlineOf({ timeLimitS: 600, closesAt: '2026-03-01T12:05:00Z' }, started)?.toISOString()).toBe('2026-03-01T12:05:00.000Z');
    expect(deadlineOf({ timeLimitS: null, closesAt: null }, started)).toBeNull();
  });

  it('shows the review as showResults says', () => {
    expect(canSeeReview({ showResults: 'after_submit', closesAt: null }, now)).toBe(true);
    expect(canSeeReview({ showResults: 'never', closesAt: null }, now)).toBe(false);
    expect(canSeeReview({ showResults: 'after_close', closesAt: null }, now)).toBe(false);
    expect(canSeeReview({ showResults: 'after_close', closesAt: '2026-03-01T13:00:00Z' }, now)).toBe(false);
    expect(canSeeReview({ showResults: 'after_close', closesAt: '2026-03-01T11:00:00Z' }, now)).toBe(true);
  });
});
