/** The programs screens' API calls: programs and their courses. */
import { getApi } from '~/lib/client/app-client';
import type { Course, Program } from '~/lib/shared/schemas/content';
import type { NameDescription } from '~/islands/admin/common/NameDescriptionForm';
import { readPage } from '~/islands/common/api';

export const listPrograms = (signal: AbortSignal) => readPage<Program>('/api/v2/programs/', signal);
export const createProgram = (values: NameDescription) => getApi().post<Program>('/api/v2/programs/', { ...values });
export const updateProgram = (id: number, values: NameDescription | { status: 'ACTIVE' }) => getApi().patch<Program>(`/api/v2/programs/${id}/`, { ...values });
/** Archives (answers 204: the program stays, INACTIVE). */
export const archiveProgram = (id: number) => getApi().delete<null>(`/api/v2/programs/${id}/`);

export const createCourse = (programId: number, values: NameDescription) => getApi().post<Course>('/api/v2/courses/', { ...values, programId });
export const updateCourse = (id: number, values: NameDescription | { status: 'ACTIVE' }) => getApi().patch<Course>(`/api/v2/courses/${id}/`, { ...values });
/** Archives (answers 204: the course stays, INACTIVE). */
export const archiveCourse = (id: number) => getApi().delete<null>(`/api/v2/courses/${id}/`);
/** Saves the courses' order (every course id of the program, first to last) and answers them in it. */
export const reorderCourses = (programId: number, order: number[]) => getApi().post<Course[]>(`/api/v2/programs/${programId}/courses/reorder/`, { order });
