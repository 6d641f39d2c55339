/** The programs screens' API calls: programs and their courses. */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

type NameDescription = { name: string; description: string };

export const listPrograms = (signal: AbortSignal) => api.get('/api/v2/programs/', { signal });
export const createProgram = (values: NameDescription) => api.post('/api/v2/programs/', { body: { ...values } });
export const updateProgram = (id: number, values: Body<'/api/v2/programs/{id}/', 'patch'>) => api.patch('/api/v2/programs/{id}/', { path: { id }, body: { ...values } });
/** Archives (answers 204: the program stays, INACTIVE). */
export const archiveProgram = (id: number) => api.delete('/api/v2/programs/{id}/', { path: { id } });

export const createCourse = (programId: number, values: NameDescription) => api.post('/api/v2/courses/', { body: { ...values, programId } });
export const updateCourse = (id: number, values: Body<'/api/v2/courses/{id}/', 'patch'>) => api.patch('/api/v2/courses/{id}/', { path: { id }, body: { ...values } });
/** Archives (answers 204: the course stays, INACTIVE). */
export const archiveCourse = (id: number) => api.delete('/api/v2/courses/{id}/', { path: { id } });
/** Saves the courses' order (every course id of the program, first to last) and answers them in it. */
export const reorderCourses = (programId: number, order: number[]) => api.post('/api/v2/programs/{id}/courses/reorder/', { path: { id: programId }, body: { order } });
