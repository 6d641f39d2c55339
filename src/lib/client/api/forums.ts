/** The forum islands' API calls (routes written once, ADR 008). */
import type { LikeTarget, SubscriptionEmail, SubscriptionTarget } from '~/lib/shared/forums';
import { api } from '~/lib/client/app-client';
import type { Body } from './typed-api';

export const readThreadPage = (threadId: number, page: number, signal?: AbortSignal) => api.get('/api/v2/threads/{id}/', { path: { id: threadId }, query: { page }, signal });
export const listThreads = (forumId: number, page: number, signal?: AbortSignal) => api.get('/api/v2/forums/{id}/threads/', { path: { id: forumId }, query: { page }, signal });
export const createThread = (forumId: number, draft: { title: string; body: string }) => api.post('/api/v2/forums/{id}/threads/', { path: { id: forumId }, body: draft });
export const updateThread = (threadId: number, changes: Body<'/api/v2/threads/{id}/', 'patch'>) => api.patch('/api/v2/threads/{id}/', { path: { id: threadId }, body: changes });
export const deleteThread = (threadId: number) => api.delete('/api/v2/threads/{id}/', { path: { id: threadId } });
export const createComment = (draft: { thread: number; parent?: number; body: string; clientKey?: string }) => api.post('/api/v2/comments/', { body: draft });
export const updateComment = (commentId: number, changes: Body<'/api/v2/comments/{id}/', 'patch'>) => api.patch('/api/v2/comments/{id}/', { path: { id: commentId }, body: changes });
export const deleteComment = (commentId: number) => api.delete('/api/v2/comments/{id}/', { path: { id: commentId } });
export const setLike = (targetType: LikeTarget, targetId: number, liked: boolean) => api.post('/api/v2/likes/', { body: { targetType, targetId, liked } });
export const reportPost = (targetType: LikeTarget, targetId: number, reason: string) => api.post('/api/v2/reports/', { body: { targetType, targetId, reason } });
export const searchMembers = (forumId: number, search: string, signal?: AbortSignal) => api.get('/api/v2/forums/{id}/members/', { path: { id: forumId }, query: { search }, signal });
export const follow = (targetType: SubscriptionTarget, targetId: number, email: SubscriptionEmail) => api.put('/api/v2/subscriptions/', { body: { targetType, targetId, email } });
export const unfollow = (subscriptionId: number) => api.delete('/api/v2/subscriptions/{id}/', { path: { id: subscriptionId } });
export const searchForum = (forumId: number, q: string, signal?: AbortSignal) => api.get('/api/v2/forums/{id}/search/', { path: { id: forumId }, query: { q }, signal });
export const createForum = (draft: Body<'/api/v2/forums/', 'post'>) => api.post('/api/v2/forums/', { body: draft });
export const listOpenReports = (forumId: number, signal?: AbortSignal) => api.get('/api/v2/forums/{id}/reports/', { path: { id: forumId }, query: { open: 'true' }, signal });
export const resolveReport = (reportId: number) => api.patch('/api/v2/reports/{id}/', { path: { id: reportId }, body: { resolved: true } });
