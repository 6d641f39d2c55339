import { describe, expect, it } from 'vitest';
import { allMessages } from '~/i18n';
import { ERROR_STATUS } from '~/lib/shared/errors';

/** Each domain's part of the catalogue (src/lib/shared/errors/<domain>.ts), found by name. */
const PARTS = import.meta.glob<Record<string, Record<string, number>>>('/src/lib/shared/errors/*.ts', { eager: true });

describe('the error catalogue', () => {
  it('collects every domain\'s codes, each declared once (a second declaration would silently replace the first)', () => {
    const codes = Object.values(PARTS).flatMap((part) => Object.values(part).flatMap((statuses) => Object.keys(statuses)));
    expect(Object.keys(PARTS).length).toBeGreaterThan(10);
    expect(codes.length).toBe(new Set(codes).size);
    expect(Object.keys(ERROR_STATUS).sort()).toEqual(codes.sort());
  });

  it('has a message for every code in both languages', () => {
    for (const lang of ['es', 'en'] as const) {
      const keys = Object.keys(allMessages(lang));
      for (const code of Object.keys(ERROR_STATUS)) {
        expect(keys.some((key) => key === `errors.${code}` || key.startsWith(`errors.${code}_`)), `${lang} errors.${code}`).toBe(true);
      }
    }
  });
});
