/** The live-session islands' API calls (routes written once, ADR 008). */
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

export type LiveSessionDraft = Body<'/api/v2/live-session/', 'post'>;
export type LiveSessionChange = Body<'/api/v2/live-session/{id}/', 'patch'>;

export const listUpcoming = (signal?: AbortSignal) => api.get('/api/v2/live-session/', { query: { page: 1 }, signal });
export const joinSession = (sessionId: number) => api.post('/api/v2/live-session/{id}/join/', { path: { id: sessionId } });
export const scheduleSession = (draft: LiveSessionDraft) => api.post('/api/v2/live-session/', { body: draft });
export const renewCalendar = () => api.post('/api/v2/calendar/');
export const stopCalendar = () => api.delete('/api/v2/calendar/');
export const updateSession = (sessionId: number, changes: LiveSessionChange) => api.patch('/api/v2/live-session/{id}/', { path: { id: sessionId }, body: changes });
export const setRecording = (sessionId: number, recordingUrl: string) => api.patch('/api/v2/live-session/{id}/', { path: { id: sessionId }, body: { recordingUrl } });
