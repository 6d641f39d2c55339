-- What one reader liked and follows is cached per person (forums/read-threads.ts, views of a thread and a
-- forum page without a query per request): every server hears their likes and follows change.
SELECT senda_watch_table('forum_likes', 'user_id');--> statement-breakpoint
SELECT senda_watch_table('forum_subscriptions', 'user_id');
