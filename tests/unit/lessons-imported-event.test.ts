import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLessonsImported, LESSONS_IMPORTED_EVENT, type LessonsImportedDetail } from '~/islands/admin/lessons/lessons-imported-event';

const ISLANDS = join(process.cwd(), 'src/islands');

/** Every island source file, by path relative to src/islands. */
function islandSources(): Map<string, string> {
  const files = readdirSync(ISLANDS, { recursive: true, encoding: 'utf8' }).filter((path) => /\.tsx?$/.test(path));
  return new Map(files.map((path) => [relative(ISLANDS, join(ISLANDS, path)), readFileSync(join(ISLANDS, path), 'utf8')]));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the lessons-imported event (import → lesson list)', () => {
  it('announceLessonsImported tells listeners which course got lessons', () => {
    vi.stubGlobal('window', new EventTarget());
    const heard: LessonsImportedDetail[] = [];
    window.addEventListener(LESSONS_IMPORTED_EVENT, (event) => heard.push((event as CustomEvent<LessonsImportedDetail>).detail));
    announceLessonsImported(42);
    expect(heard).toEqual([{ courseId: 42 }]);
  });

  // Regression: LessonImport kept its own copy of the event name; renaming one side would silently stop the list reloading after an import.
  it('is named in one place, and the import and the lesson list go through it', () => {
    const sources = islandSources();
    const naming = [...sources].filter(([, text]) => text.includes(LESSONS_IMPORTED_EVENT)).map(([path]) => path);
    expect(naming).toEqual([join('admin', 'lessons', 'lessons-imported-event.ts')]);
    expect(sources.get(join('admin', 'lessons', 'LessonImport.tsx'))).toContain('announceLessonsImported(courseId)');
    expect(sources.get(join('admin', 'lessons', 'LessonList.tsx'))).toContain('addEventListener(LESSONS_IMPORTED_EVENT');
  });
});
