/**
 * The database tells every app server what changed (triggers on senda_changes),
 * and caches drop what a change touches, whoever wrote it: a service, the CLI
 * or a manual SQL session. Runs on PGlite and, in CI, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { onDataChange, setChangeFeedConnected, type DataChange } from '~/lib/server/cache/change-feed';
import { defineCache, idsOf } from '~/lib/server/cache/define-cache';
import { getDb } from '~/lib/server/db/client';
import { createCourse, createLesson, createProgram } from '../factories';

const heard: DataChange[] = [];
onDataChange((change) => heard.push(change));
afterEach(() => {
  heard.length = 0;
  setChangeFeedConnected(true);
});

/** A cache of lesson titles by lesson id, as a service would keep one. */
function lessonTitles() {
  return defineCache<number, string>({ ttlMs: 60_000, max: 100, invalidatedBy: { lessons: (keys) => idsOf(keys, 'id') } });
}

async function titleOf(lessonId: number): Promise<string> {
  const db = await getDb();
  const result = (await db.execute(sql`select title from lessons where id = ${lessonId}`)) as unknown as { rows: { title: string }[] } | { title: string }[];
  return (Array.isArray(result) ? result : result.rows)[0]!.title;
}

describe('the change feed', () => {
  it('hears a write by plain SQL before the statement returns, naming the rows\' keys', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    const lesson = await createLesson({ courseId: course.id, title: 'Antes' });
    heard.length = 0;
    await (await getDb()).execute(sql`update lessons set title = 'Después' where id = ${lesson.id}`);
    expect(heard).toEqual([{ table: 'lessons', keys: { id: [lesson.id], course_id: [course.id] } }]);
  });

  it('names only the table when a statement touches too many rows to list, and stays quiet when it touches none', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    heard.length = 0;
    await (await getDb()).execute(sql`update lessons set title = 'nada' where id = -1`);
    expect(heard).toEqual([]);
    await (await getDb()).execute(sql`insert into lessons (course_id, title, position) select ${course.id}, 'Lección ' || g, g from generate_series(1, 3000) g`);
    expect(heard).toEqual([{ table: 'lessons' }]);
  });
});

describe('a cache on the change feed', () => {
  it('drops an entry when its row changes, whoever writes, and keeps the others', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    const [first, second] = [await createLesson({ courseId: course.id, title: 'Uno' }), await createLesson({ courseId: course.id, title: 'Dos' })];
    const cache = lessonTitles();
    let loads = 0;
    const read = (id: number) => cache.getOrLoad(id, () => (loads++, titleOf(id)));
    expect([await read(first.id), await read(second.id)]).toEqual(['Uno', 'Dos']);
    await (await getDb()).execute(sql`update lessons set title = 'Uno, corregido' where id = ${first.id}`);
    expect([await read(first.id), await read(second.id)]).toEqual(['Uno, corregido', 'Dos']);
    expect(loads).toBe(3);
  });

  it('answers but does not keep a value loaded while its data changed', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    const lesson = await createLesson({ courseId: course.id, title: 'Viejo' });
    const cache = lessonTitles();
    const stale = await cache.getOrLoad(lesson.id, async () => {
      const title = await titleOf(lesson.id);
      await (await getDb()).execute(sql`update lessons set title = 'Nuevo' where id = ${lesson.id}`);
      return title;
    });
    expect(stale).toBe('Viejo');
    expect(await cache.getOrLoad(lesson.id, () => titleOf(lesson.id))).toBe('Nuevo');
  });

  it('forgets everything and keeps nothing while the feed is down, and starts afresh when it is back', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    const lesson = await createLesson({ courseId: course.id, title: 'Uno' });
    const cache = lessonTitles();
    let loads = 0;
    const read = () => cache.getOrLoad(lesson.id, () => (loads++, titleOf(lesson.id)));
    await read();
    await read();
    expect(loads).toBe(1);
    setChangeFeedConnected(false);
    await read();
    await read();
    expect(loads).toBe(3);
    setChangeFeedConnected(true);
    await read();
    await read();
    expect(loads).toBe(4);
  });

  it('reads a cold key once for a burst of batch reads, and a key changed meanwhile afresh for the calls after the change', async () => {
    const course = await createCourse({ programId: (await createProgram()).id });
    const one = await createLesson({ courseId: course.id, title: 'Uno' });
    const two = await createLesson({ courseId: course.id, title: 'Dos' });
    const cache = lessonTitles();
    const reads: number[][] = [];
    const readMany = (ids: number[]) =>
      cache.getManyOrLoad(ids, async (missing) => {
        reads.push([...missing]);
        // Rows that do not exist are left out of the answer (as the services' loaders do).
        const found = await Promise.all(missing.map(async (id) => [id, await titleOf(id).catch(() => null)] as const));
        return new Map(found.filter((entry): entry is [number, string] => entry[1] !== null));
      });
    // A burst of requests for the same cold keys (thousands of students opening one quiz): one read, every caller answered.
    const answers = await Promise.all([readMany([one.id]), readMany([one.id, two.id]), readMany([one.id]), readMany([two.id])]);
    expect(answers.map((found) => [...found.values()])).toEqual([['Uno'], ['Uno', 'Dos'], ['Uno'], ['Dos']]);
    expect(reads).toEqual([[one.id], [two.id]]);
    // An id that names no row is answered as missing to everyone who waited for it.
    const nobody = await Promise.all([readMany([999_999]), readMany([999_999])]);
    expect(nobody.map((found) => found.size)).toEqual([0, 0]);

    // A change while a read is under way: the calls that come after the change read again.
    cache.clear();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = cache.getManyOrLoad([one.id], async (missing) => {
      const found = new Map(await Promise.all(missing.map(async (id) => [id, await titleOf(id)] as const)));
      await held;
      return found;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await (await getDb()).execute(sql`update lessons set title = 'Uno bis' where id = ${one.id}`);
    const after = readMany([one.id]);
    release();
    expect((await slow).get(one.id)).toBe('Uno');
    expect((await after).get(one.id)).toBe('Uno bis');
  });
});

describe('a cache\'s bounds', () => {
  /** How many of `keys` the cache still holds (a held key is answered without loading). */
  async function held(cache: ReturnType<typeof defineCache<number, string>>, keys: number[]): Promise<number> {
    let loads = 0;
    for (const key of keys) await cache.getOrLoad(key, async () => (loads++, 'x'));
    return keys.length - loads;
  }

  it('keeps at most `max` entries, dropping the least recently used', async () => {
    const cache = defineCache<number, string>({ ttlMs: 60_000, max: 3 });
    for (const key of [1, 2, 3, 4, 5]) await cache.getOrLoad(key, async () => `valor ${key}`);
    expect(await held(cache, [3, 4, 5])).toBe(3);
    expect(await held(cache, [1])).toBe(0);
  });

  it('keeps at most `maxBytes` as `sizeOf` counts them, whichever bound comes first, and never an entry larger than the budget', async () => {
    const cache = defineCache<number, string>({ ttlMs: 60_000, max: 1_000, maxBytes: 1_000, sizeOf: (value) => value.length });
    for (const key of [1, 2, 3, 4]) await cache.getOrLoad(key, async () => 'x'.repeat(300));
    // 4 × 300 bytes do not fit in 1,000: the oldest went.
    expect(await held(cache, [2, 3, 4])).toBe(3);
    expect(await held(cache, [1])).toBe(0);
    await cache.getOrLoad(9, async () => 'x'.repeat(1_001));
    expect(await held(cache, [9])).toBe(0);
  });
});
