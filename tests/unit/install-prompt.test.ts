/**
 * When Senda offers to be installed (lib/client/install-prompt.ts): once, from
 * the second visit (a browser session, not a page) or after a completed lesson.
 */
import { describe, expect, it } from 'vitest';
import { countVisit, INSTALL_PROMPT_KEY, isInstallPromptDue, markInstallPromptShown, noteLessonCompleted } from '~/lib/client/install-prompt';
import { MemoryStorage } from '../support/memory-storage';

/** One browser session: its own sessionStorage, the browser's localStorage. */
const visit = (storage: MemoryStorage, pages = 1) => {
  const session = new MemoryStorage();
  for (let page = 0; page < pages; page++) countVisit(storage, session);
};

describe('the install offer', () => {
  it('is not due on the first visit, however many pages it opens', () => {
    const storage = new MemoryStorage();
    visit(storage, 5);
    expect(isInstallPromptDue(storage)).toBe(false);
  });

  it('is due from the second visit on', () => {
    const storage = new MemoryStorage();
    visit(storage);
    visit(storage);
    expect(isInstallPromptDue(storage)).toBe(true);
  });

  it('is due on the first visit once a lesson was completed', () => {
    const storage = new MemoryStorage();
    visit(storage);
    noteLessonCompleted(storage);
    expect(isInstallPromptDue(storage)).toBe(true);
  });

  it('shows once: never again after it was shown, whatever comes later', () => {
    const storage = new MemoryStorage();
    visit(storage);
    visit(storage);
    markInstallPromptShown(storage);
    visit(storage);
    noteLessonCompleted(storage);
    expect(isInstallPromptDue(storage)).toBe(false);
  });

  it('starts again from nothing when what was stored is unreadable', () => {
    const storage = new MemoryStorage();
    storage.setItem(INSTALL_PROMPT_KEY, '{not json');
    visit(storage);
    expect(isInstallPromptDue(storage)).toBe(false);
    visit(storage);
    expect(isInstallPromptDue(storage)).toBe(true);
  });
});
