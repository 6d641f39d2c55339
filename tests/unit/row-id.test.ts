import { describe, expect, it } from 'vitest';
import { pageNumberOf } from '~/lib/shared/pagination';
import { MAX_ROW_ID, parseRowId } from '~/lib/server/http/row-id';

describe('parseRowId', () => {
  it('reads a positive integer that fits an integer column', () => {
    expect(parseRowId('1')).toBe(1);
    expect(parseRowId(String(MAX_ROW_ID))).toBe(MAX_ROW_ID);
  });

  // Regression: /admin/courses/99999999999 made PostgreSQL fail the query (a 500) instead of answering 404.
  it('refuses what can name no row, so the page answers 404 without a query', () => {
    for (const value of [undefined, '', '0', '-3', '1.5', '1e3', 'abc', ' 7', String(MAX_ROW_ID + 1), '99999999999']) expect(parseRowId(value), String(value)).toBeNull();
  });
});

describe("a server-rendered list's ?page=", () => {
  it('is the page asked for when the API would accept it, else the first page', () => {
    expect(pageNumberOf('3')).toBe(3);
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '99999999999']) expect(pageNumberOf(value), String(value)).toBe(1);
  });
});
