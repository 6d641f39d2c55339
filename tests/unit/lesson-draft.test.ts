import { describe, expect, it } from 'vitest';
import { changesBetween, draftOf, isPublicationValid, lessonStateOf } from '~/islands/admin/lessons/lesson-draft';
import { isLessonPublished, publicationOf } from '~/lib/shared/lesson-publication';
import { sectionsOf } from '~/islands/admin/lessons/SectionSuggestions';
import type { Lesson } from '~/lib/shared/schemas/content';

const lesson: Lesson = {
  id: 7,
  courseId: 3,
  title: 'Fracciones',
  section: 'Nivel 1',
  videoUrl: 'https://youtu.be/zOjov-2OZ0E',
  position: 0,
  revision: 4,
  status: 'ACTIVE',
  publishedAt: '2026-01-10T13:00:00.000Z',
  contentMd: '# Hola',
};

describe('the lesson editor saves', () => {
  it('nothing when nothing changed (the lesson keeps its revision)', () => {
    const saved = draftOf(lesson);
    expect(changesBetween(saved, { ...saved })).toEqual({});
    expect(changesBetween(saved, { ...saved, videoUrl: ' https://youtu.be/zOjov-2OZ0E ' })).toEqual({});
  });

  it('only the fields that changed, and clears the video when its link is emptied', () => {
    const saved = draftOf(lesson);
    expect(changesBetween(saved, { ...saved, contentMd: '# Hola\n\nMás texto', state: 'archived' })).toEqual({ contentMd: '# Hola\n\nMás texto', status: 'INACTIVE' });
    expect(changesBetween(saved, { ...saved, videoUrl: '  ' })).toEqual({ videoUrl: null });
    expect(changesBetween(draftOf({ ...lesson, videoUrl: null }), { ...saved, title: 'Decimales' })).toEqual({ title: 'Decimales', videoUrl: 'https://youtu.be/zOjov-2OZ0E' });
  });
});

describe('a lesson reaches students', () => {
  const NOW = Date.parse('2026-03-01T12:00:00Z');

  it('only while ACTIVE and from its publication date: a draft (no date) and a scheduled lesson do not', () => {
    expect(publicationOf(null, NOW)).toBe('draft');
    expect(publicationOf('2026-03-01T12:00:00Z', NOW)).toBe('published');
    expect(publicationOf('2026-03-01T12:00:01Z', NOW)).toBe('scheduled');
    expect(isLessonPublished({ status: 'ACTIVE', publishedAt: '2026-02-01T00:00:00Z' }, NOW)).toBe(true);
    expect(isLessonPublished({ status: 'ACTIVE', publishedAt: null }, NOW)).toBe(false);
    expect(isLessonPublished({ status: 'ACTIVE', publishedAt: '2026-04-01T00:00:00Z' }, NOW)).toBe(false);
    expect(isLessonPublished({ status: 'INACTIVE', publishedAt: '2026-02-01T00:00:00Z' }, NOW)).toBe(false);
  });

  it('as the editor shows it: archived first, then draft, scheduled or published', () => {
    expect(lessonStateOf({ status: 'INACTIVE', publishedAt: null }, NOW)).toBe('archived');
    expect(lessonStateOf({ status: 'ACTIVE', publishedAt: null }, NOW)).toBe('draft');
    expect(lessonStateOf({ status: 'ACTIVE', publishedAt: '2026-05-01T00:00:00Z' }, NOW)).toBe('scheduled');
  });
});

describe('the lesson editor publishes', () => {
  it('a draft from now on, turns a published lesson back into a draft, and keeps the date of one already published', () => {
    const draft = draftOf({ ...lesson, publishedAt: null });
    expect(draft.state).toBe('draft');
    const published = changesBetween(draft, { ...draft, state: 'published' });
    expect(published.status).toBe('ACTIVE');
    expect(Math.abs(Date.parse(published.publishedAt!) - Date.now())).toBeLessThan(5_000);
    const saved = draftOf(lesson);
    expect(changesBetween(saved, { ...saved, state: 'draft' })).toEqual({ status: 'ACTIVE', publishedAt: null });
    expect(changesBetween(draftOf({ ...lesson, status: 'INACTIVE' }), { ...saved, state: 'published' })).toEqual({ status: 'ACTIVE' });
  });

  it('on a chosen date in Bogotá time, and refuses to schedule without a valid date', () => {
    const saved = draftOf({ ...lesson, publishedAt: null });
    const scheduled = { ...saved, state: 'scheduled' as const, publishAt: '2030-03-01T08:00' };
    expect(isPublicationValid(scheduled)).toBe(true);
    expect(changesBetween(saved, scheduled)).toEqual({ status: 'ACTIVE', publishedAt: '2030-03-01T08:00:00-05:00' });
    expect(isPublicationValid({ ...scheduled, publishAt: '' })).toBe(false);
    expect(isPublicationValid({ ...scheduled, publishAt: '2030-02-30T08:00' })).toBe(false);
    // A scheduled lesson reopens with its date as the author chose it.
    expect(draftOf({ ...lesson, publishedAt: '2030-03-01T13:00:00.000Z' })).toMatchObject({ state: 'scheduled', publishAt: '2030-03-01T08:00' });
  });
});

describe('section suggestions', () => {
  it('list each section once, in lesson order, without the empty one', () => {
    expect(sectionsOf([{ section: 'Nivel 1' }, { section: '' }, { section: 'Nivel 2' }, { section: ' Nivel 1 ' }])).toEqual(['Nivel 1', 'Nivel 2']);
  });
});
