/** The live-session islands' API calls (routes written once, ADR 008). */
import { getApi } from '~/lib/client/app-client';
import { withQuery } from '~/islands/common/api';
import type { Page } from '~/lib/shared/pagination';
import type { LiveSession } from '~/lib/shared/schemas/live-sessions';

export const listUpcoming = (signal?: AbortSignal) => getApi().get<Page<LiveSession>>(withQuery('/api/v2/live-session/', { page: 1 }), { signal });
export const joinSession = (sessionId: number) => getApi().post<{ url: string; joinedAt: string }>(`/api/v2/live-session/${sessionId}/join/`, {});
export const scheduleSession = (form: Record<string, unknown>) => getApi().post<LiveSession>('/api/v2/live-session/', form);
export const renewCalendar = () => getApi().post<{ url: string }>('/api/v2/calendar/', {});
export const stopCalendar = () => getApi().delete('/api/v2/calendar/');
export const updateSession = (sessionId: number, changes: Record<string, unknown>) => getApi().patch<LiveSession>(`/api/v2/live-session/${sessionId}/`, changes);
export const setRecording = (sessionId: number, recordingUrl: string) => getApi().patch<LiveSession>(`/api/v2/live-session/${sessionId}/`, { recordingUrl });
