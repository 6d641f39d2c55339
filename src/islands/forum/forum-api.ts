/** The forum islands' API calls (routes written once, ADR 008). */
import { getApi } from '~/lib/client/app-client';
import type { Page } from '~/lib/shared/pagination';
import type { SubscriptionEmail, SubscriptionTarget, LikeTarget } from '~/lib/shared/forums';
import type { Comment, Forum, LikeState, PersonRef, Reply, Report, SearchResult, Thread, ThreadPage, ThreadSummary, Subscription } from '~/lib/shared/schemas/forums';
import { withQuery } from '~/islands/common/api';

export const readThreadPage = (threadId: number, page: number, signal?: AbortSignal) => getApi().get<ThreadPage>(withQuery(`/api/v2/threads/${threadId}/`, { page }), { signal });
export const listThreads = (forumId: number, page: number, signal?: AbortSignal) => getApi().get<Page<ThreadSummary>>(withQuery(`/api/v2/forums/${forumId}/threads/`, { page }), { signal });
export const createThread = (forumId: number, draft: { title: string; body: string }) => getApi().post<Thread>(`/api/v2/forums/${forumId}/threads/`, draft);
export const updateThread = (threadId: number, changes: Partial<{ title: string; body: string; pinned: boolean; locked: boolean; hidden: boolean }>) =>
  getApi().patch<Thread>(`/api/v2/threads/${threadId}/`, changes);
export const deleteThread = (threadId: number) => getApi().delete(`/api/v2/threads/${threadId}/`);
export const createComment = (draft: { thread: number; parent?: number; body: string }) => getApi().post<Comment | Reply>('/api/v2/comments/', draft);
export const updateComment = (commentId: number, changes: { body?: string; hidden?: boolean }) => getApi().patch<Reply>(`/api/v2/comments/${commentId}/`, changes);
export const deleteComment = (commentId: number) => getApi().delete(`/api/v2/comments/${commentId}/`);
export const setLike = (targetType: LikeTarget, targetId: number, liked: boolean) => getApi().post<LikeState>('/api/v2/likes/', { targetType, targetId, liked });
export const reportPost = (targetType: LikeTarget, targetId: number, reason: string) => getApi().post<{ id: number }>('/api/v2/reports/', { targetType, targetId, reason });
export const searchMembers = (forumId: number, search: string, signal?: AbortSignal) => getApi().get<PersonRef[]>(withQuery(`/api/v2/forums/${forumId}/members/`, { search }), { signal });
export const follow = (targetType: SubscriptionTarget, targetId: number, email: SubscriptionEmail) => getApi().put<Subscription>('/api/v2/subscriptions/', { targetType, targetId, email });
export const unfollow = (subscriptionId: number) => getApi().delete(`/api/v2/subscriptions/${subscriptionId}/`);
export const searchForum = (forumId: number, q: string, signal?: AbortSignal) => getApi().get<SearchResult[]>(withQuery(`/api/v2/forums/${forumId}/search/`, { q }), { signal });
export const createForum = (draft: { cohort?: number; program?: number; title: string; description: string }) => getApi().post<Forum>('/api/v2/forums/', draft);
export const listOpenReports = (forumId: number, signal?: AbortSignal) => getApi().get<Page<Report>>(withQuery(`/api/v2/forums/${forumId}/reports/`, { open: 'true' }), { signal });
export const resolveReport = (reportId: number) => getApi().patch(`/api/v2/reports/${reportId}/`, { resolved: true });
