/** The window event that says lessons were added to a course from elsewhere on the page (the import), so its list reloads. */
export const LESSONS_IMPORTED_EVENT = 'senda:lessons-imported';

export interface LessonsImportedDetail {
  courseId: number;
}

/** Tells the course's lesson list to reload. */
export function announceLessonsImported(courseId: number): void {
  window.dispatchEvent(new CustomEvent<LessonsImportedDetail>(LESSONS_IMPORTED_EVENT, { detail: { courseId } }));
}
