/**
 * The rules of a quiz attempt answered offline (issue 34, ADR 038): whose it
 * is, what waits to be sent, and its replay once the connection returns —
 * started once, each answer once and in order, the submit last, a refusal
 * kept with the answers. The server here is a small stand-in at the network
 * boundary that behaves as the real endpoints do (a start resumes the open
 * attempt; a second start after the submit would open another).
 */
import { describe, expect, it } from 'vitest';
import {
  createOfflineAttempt,
  forgetOfflineAttempt,
  giveOfflineAnswer,
  pendingAnswers,
  readOfflineAttempt,
  replayOfflineAttempt,
  submitOfflineAttempt,
  type ReplayCalls,
} from '~/islands/quiz/offline-attempt';
import { keepStartedAttempt, readStartedAttempt } from '~/islands/quiz/started-attempt';
import type { QueuedAnswer } from '~/islands/quiz/answer-queue';
import type { TakingQuestion } from '~/lib/shared/schemas/quizzes';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const QUESTIONS: TakingQuestion[] = [
  { id: 1, type: 'single', prompt: '¿Uno?', promptHtml: '<p>¿Uno?</p>', points: 1, options: [{ id: 11, text: 'Sí' }, { id: 12, text: 'No' }] },
  { id: 2, type: 'numeric', prompt: '¿Dos?', promptHtml: '<p>¿Dos?</p>', points: 1 },
  { id: 3, type: 'open', prompt: '¿Tres?', promptHtml: '<p>¿Tres?</p>', points: 1 },
];
const QUIZ = 9;
const ANA = 5;
const BETO = 6;
const at = (second: number) => new Date(Date.UTC(2026, 10, 28, 16, 0, second));
const refusal = (status: number, message: string) => new Response(JSON.stringify({ error: { code: 'x', message } }), { status });

/** The quiz endpoints as they behave: one open attempt per student, a start resumes it; `failing` makes the next calls fail as the network does. */
function fakeServer(options: { refuseStart?: Response } = {}) {
  const calls: string[] = [];
  const attempts: { id: number; open: boolean; answers: Map<number, QueuedAnswer> }[] = [];
  let networkDownAfter = Number.POSITIVE_INFINITY;
  const reach = () => {
    if (calls.length >= networkDownAfter) throw new TypeError('Failed to fetch');
  };
  const api: ReplayCalls = {
    start: async () => {
      reach();
      calls.push('start');
      if (options.refuseStart) throw options.refuseStart;
      let open = attempts.find((attempt) => attempt.open);
      if (!open) attempts.push((open = { id: 100 + attempts.length, open: true, answers: new Map() }));
      return { attempt: { id: open.id } };
    },
    save: async (_quiz, attemptId, answer) => {
      reach();
      calls.push(`save ${answer.questionId}`);
      attempts.find((attempt) => attempt.id === attemptId)!.answers.set(answer.questionId, answer);
    },
    complete: async (_quiz, attemptId) => {
      reach();
      calls.push('complete');
      attempts.find((attempt) => attempt.id === attemptId)!.open = false;
    },
  };
  return { api, calls, attempts, dropNetworkAfter: (count: number) => (networkDownAfter = count), restoreNetwork: () => (networkDownAfter = Number.POSITIVE_INFINITY) };
}

function answeredOffline(storage: ReturnType<typeof memoryStorage>) {
  createOfflineAttempt(storage, QUIZ, ANA, QUESTIONS, at(0));
  giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 1, optionIds: [11] }, at(1));
  giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 2, number: 4 }, at(2));
  giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 3, text: 'Porque sí' }, at(3));
}

describe('an offline attempt on this device', () => {
  it('belongs to the person it was begun for: another person signing in on the browser never reads it', () => {
    const storage = memoryStorage();
    createOfflineAttempt(storage, QUIZ, ANA, QUESTIONS, at(0));
    giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 1, optionIds: [11] }, at(1));
    expect(readOfflineAttempt(storage, QUIZ, BETO)).toBeNull();
    expect(giveOfflineAnswer(storage, QUIZ, BETO, { questionId: 1, optionIds: [12] }, at(2))).toBeNull();
    expect(createOfflineAttempt(storage, QUIZ, BETO, QUESTIONS, at(3)).answers).toEqual([]);
    expect(readOfflineAttempt(storage, QUIZ, ANA)!.answers).toEqual([{ questionId: 1, optionIds: [11], clientSavedAt: at(1).toISOString() }]);
  });

  it('keeps the last answer to each question, in the order given; once submitted, answers no longer change', () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 1, optionIds: [12] }, at(4));
    expect(pendingAnswers(readOfflineAttempt(storage, QUIZ, ANA)!).map((answer) => answer.questionId)).toEqual([2, 3, 1]);
    submitOfflineAttempt(storage, QUIZ, ANA);
    giveOfflineAnswer(storage, QUIZ, ANA, { questionId: 2, number: 5 }, at(5));
    const kept = readOfflineAttempt(storage, QUIZ, ANA)!;
    expect(kept.submitted).toBe(true);
    expect(kept.answers.find((answer) => answer.questionId === 2)!.number).toBe(4);
  });
});

describe('replaying an offline attempt when the connection returns', () => {
  it('starts the attempt, sends each answer once in the order given, then the submit, and forgets it', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    submitOfflineAttempt(storage, QUIZ, ANA);
    const server = fakeServer();
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toEqual({ kind: 'sent', attemptId: 100, submitted: true });
    expect(server.calls).toEqual(['start', 'save 1', 'save 2', 'save 3', 'complete']);
    expect(readOfflineAttempt(storage, QUIZ, ANA)).toBeNull();
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toEqual({ kind: 'none' });
    expect(server.attempts).toHaveLength(1);
  });

  it('a connection lost mid-replay (or a reload) goes on from the last step: never a second start, no answer sent twice', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    submitOfflineAttempt(storage, QUIZ, ANA);
    const server = fakeServer();
    server.dropNetworkAfter(2);
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toEqual({ kind: 'waiting' });
    expect(pendingAnswers(readOfflineAttempt(storage, QUIZ, ANA)!).map((answer) => answer.questionId)).toEqual([2, 3]);
    server.restoreNetwork();
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toMatchObject({ kind: 'sent', submitted: true });
    expect(server.calls).toEqual(['start', 'save 1', 'save 2', 'save 3', 'complete']);
    expect(server.attempts).toHaveLength(1);
  });

  it('two replays at once (two tabs, the online event and a timer) send it once', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    submitOfflineAttempt(storage, QUIZ, ANA);
    const server = fakeServer();
    const [first, second] = await Promise.all([
      replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused'),
      replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused'),
    ]);
    expect(first).toEqual(second);
    expect(server.calls).toEqual(['start', 'save 1', 'save 2', 'save 3', 'complete']);
  });

  it('not submitted: the answers arrive and the attempt stays open on the server to go on online', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    const server = fakeServer();
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toEqual({ kind: 'sent', attemptId: 100, submitted: false });
    expect(server.calls).toEqual(['start', 'save 1', 'save 2', 'save 3']);
    expect(server.attempts[0]!.open).toBe(true);
  });

  it('a quiz closed meanwhile: the server’s message is kept with every answer given, and nothing is sent again', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    submitOfflineAttempt(storage, QUIZ, ANA);
    const server = fakeServer({ refuseStart: refusal(409, 'Este cuestionario ya está cerrado.') });
    const outcome = await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused');
    expect(outcome).toMatchObject({ kind: 'conflict', message: 'Este cuestionario ya está cerrado.' });
    const kept = readOfflineAttempt(storage, QUIZ, ANA)!;
    expect(kept.conflict).toBe('Este cuestionario ya está cerrado.');
    expect(kept.answers.map((answer) => answer.questionId)).toEqual([1, 2, 3]);
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toMatchObject({ kind: 'conflict' });
    expect(server.calls).toEqual(['start']);
    forgetOfflineAttempt(storage, QUIZ, ANA);
    expect(readOfflineAttempt(storage, QUIZ, ANA)).toBeNull();
  });

  it('an attempt closed while its answers were on their way: the rest is kept, with the message', async () => {
    const storage = memoryStorage();
    answeredOffline(storage);
    const server = fakeServer();
    const save = server.api.save;
    server.api.save = async (quiz, attemptId, answer) => {
      if (answer.questionId === 2) throw refusal(409, 'El intento ya se cerró.');
      return save(quiz, attemptId, answer);
    };
    expect(await replayOfflineAttempt(storage, QUIZ, ANA, server.api, 'refused')).toMatchObject({ kind: 'conflict', message: 'El intento ya se cerró.' });
    expect(pendingAnswers(readOfflineAttempt(storage, QUIZ, ANA)!).map((answer) => answer.questionId)).toEqual([2, 3]);
  });
});

describe('an attempt started online, kept for a reload offline', () => {
  it('resumes with the server’s clock moved on by the time passed, for its own person only', () => {
    const storage = memoryStorage();
    const taking = {
      attempt: { id: 7, status: 'in_progress' as const, startedAt: '2026-11-28T16:00:00.000Z', deadline: '2026-11-28T16:20:00.000Z', answers: [] },
      questions: QUESTIONS,
      serverNow: '2026-11-28T16:00:00.000Z',
    };
    // This device's clock is 3 hours off; only the time passing on it counts.
    const deviceStart = Date.parse('2026-11-28T19:00:00.000Z');
    keepStartedAttempt(storage, QUIZ, ANA, taking, deviceStart);
    expect(readStartedAttempt(storage, QUIZ, ANA, deviceStart + 5 * 60_000)!.serverNow).toBe('2026-11-28T16:05:00.000Z');
    expect(readStartedAttempt(storage, QUIZ, BETO, deviceStart)).toBeNull();
  });
});
