import { describe, expect, it } from 'vitest';
import { clearQueue, enqueueAnswer, readQueue, removeAnswer } from '~/islands/quiz/answer-queue';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    clear: () => items.clear(),
    items,
  };
}

describe('the answer queue of an attempt', () => {
  it('keeps answers in the order given; a newer answer to a question replaces the older and goes to the back', () => {
    const storage = memoryStorage();
    enqueueAnswer(storage, 7, { questionId: 1, optionIds: [11], clientSavedAt: '2026-03-01T15:00:01Z' });
    enqueueAnswer(storage, 7, { questionId: 2, text: 'a', clientSavedAt: '2026-03-01T15:00:02Z' });
    enqueueAnswer(storage, 7, { questionId: 1, optionIds: [12], clientSavedAt: '2026-03-01T15:00:03Z' });
    expect(readQueue(storage, 7).map((answer) => [answer.questionId, answer.clientSavedAt])).toEqual([
      [2, '2026-03-01T15:00:02Z'],
      [1, '2026-03-01T15:00:03Z'],
    ]);
    expect(readQueue(storage, 8)).toEqual([]);
  });

  it('removes only the answer the server acknowledged (a newer one to the same question stays)', () => {
    const storage = memoryStorage();
    const older = { questionId: 1, text: 'hol', clientSavedAt: '2026-03-01T15:00:01Z' };
    enqueueAnswer(storage, 7, older);
    enqueueAnswer(storage, 7, { questionId: 1, text: 'hola', clientSavedAt: '2026-03-01T15:00:02Z' });
    expect(removeAnswer(storage, 7, older)).toEqual([{ questionId: 1, text: 'hola', clientSavedAt: '2026-03-01T15:00:02Z' }]);
    clearQueue(storage, 7);
    expect(storage.items.size).toBe(0);
  });

  it('reads nothing from storage it cannot make sense of', () => {
    const storage = memoryStorage();
    storage.setItem('quizAnswerQueue:7', '{nope');
    expect(readQueue(storage, 7)).toEqual([]);
    storage.setItem('quizAnswerQueue:7', JSON.stringify([{ questionId: 'x' }, { questionId: 1, clientSavedAt: '2026-03-01T15:00:00Z', number: 4 }]));
    expect(readQueue(storage, 7)).toEqual([{ questionId: 1, clientSavedAt: '2026-03-01T15:00:00Z', number: 4 }]);
  });
});
