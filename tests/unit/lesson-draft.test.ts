import { describe, expect, it } from 'vitest';
import { changesBetween, draftOf } from '~/islands/admin/lessons/lesson-draft';
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
    expect(changesBetween(saved, { ...saved, contentMd: '# Hola\n\nMás texto', status: 'INACTIVE' })).toEqual({ contentMd: '# Hola\n\nMás texto', status: 'INACTIVE' });
    expect(changesBetween(saved, { ...saved, videoUrl: '  ' })).toEqual({ videoUrl: null });
    expect(changesBetween(draftOf({ ...lesson, videoUrl: null }), { ...saved, title: 'Decimales' })).toEqual({ title: 'Decimales', videoUrl: 'https://youtu.be/zOjov-2OZ0E' });
  });
});

describe('section suggestions', () => {
  it('list each section once, in lesson order, without the empty one', () => {
    expect(sectionsOf([{ section: 'Nivel 1' }, { section: '' }, { section: 'Nivel 2' }, { section: ' Nivel 1 ' }])).toEqual(['Nivel 1', 'Nivel 2']);
  });
});
