CREATE TABLE "forum_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thread_id" integer NOT NULL,
	"forum_id" integer NOT NULL,
	"parent_id" integer,
	"author_id" integer,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"deleted_at" timestamp with time zone,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, coalesce(body_md, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "forum_digests" (
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"covered_until" timestamp with time zone NOT NULL,
	CONSTRAINT "forum_digests_user_id_frequency_pk" PRIMARY KEY("user_id","frequency")
);
--> statement-breakpoint
CREATE TABLE "forum_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"forum_id" integer NOT NULL,
	"thread_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb,
	"staff_payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_likes" (
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_likes_target_type_target_id_user_id_pk" PRIMARY KEY("target_type","target_id","user_id"),
	CONSTRAINT "forum_likes_target_type_check" CHECK ("forum_likes"."target_type" in ('thread', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"thread_id" integer NOT NULL,
	"forum_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer,
	CONSTRAINT "forum_reports_target_type_check" CHECK ("forum_reports"."target_type" in ('thread', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "forum_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"email" text DEFAULT 'instant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_subscriptions_target_type_check" CHECK ("forum_subscriptions"."target_type" in ('thread', 'forum', 'cohort')),
	CONSTRAINT "forum_subscriptions_email_check" CHECK ("forum_subscriptions"."email" in ('instant', 'daily', 'weekly', 'none'))
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forum_threads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"forum_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"body_md" text NOT NULL,
	"body_html" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" integer,
	"deleted_at" timestamp with time zone,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('spanish'::regconfig, coalesce(title, '') || ' ' || coalesce(body_md, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "forums" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "forums_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer,
	"cohort_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forums_scope_check" CHECK (("forums"."program_id" is null) <> ("forums"."cohort_id" is null)),
	CONSTRAINT "forums_status_check" CHECK ("status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"forum_id" integer,
	"thread_id" integer,
	"comment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('reply', 'mention', 'subscription'))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_attendance" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joins" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "live_attendance_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"series_id" uuid,
	"class_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_link" text NOT NULL,
	"recording_url" text,
	"duration_s" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"was_live" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sessions_times_check" CHECK ("live_sessions"."ends_at" > "live_sessions"."starts_at"),
	CONSTRAINT "live_sessions_duration_check" CHECK ("live_sessions"."duration_s" > 0)
);
--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_parent_id_forum_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."forum_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD CONSTRAINT "forum_comments_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_digests" ADD CONSTRAINT "forum_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_events" ADD CONSTRAINT "forum_events_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_likes" ADD CONSTRAINT "forum_likes_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_subscriptions" ADD CONSTRAINT "forum_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forums" ADD CONSTRAINT "forums_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_forum_id_forums_id_fk" FOREIGN KEY ("forum_id") REFERENCES "public"."forums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_forum_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."forum_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_comments_thread_idx" ON "forum_comments" USING btree ("thread_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "forum_comments_author_idx" ON "forum_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_comments_search_idx" ON "forum_comments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forum_comments_forum_idx" ON "forum_comments" USING btree ("forum_id");--> statement-breakpoint
CREATE INDEX "forum_events_forum_idx" ON "forum_events" USING btree ("forum_id","id");--> statement-breakpoint
CREATE INDEX "forum_events_thread_idx" ON "forum_events" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "forum_events_created_idx" ON "forum_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "forum_likes_user_thread_idx" ON "forum_likes" USING btree ("user_id","thread_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_reports_once_idx" ON "forum_reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "forum_reports_forum_idx" ON "forum_reports" USING btree ("forum_id","resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_subscriptions_once_idx" ON "forum_subscriptions" USING btree ("user_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "forum_subscriptions_target_idx" ON "forum_subscriptions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "forum_threads_forum_idx" ON "forum_threads" USING btree ("forum_id","pinned","last_activity_at");--> statement-breakpoint
CREATE INDEX "forum_threads_author_idx" ON "forum_threads" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "forum_threads_search_idx" ON "forum_threads" USING gin ("search");--> statement-breakpoint
CREATE INDEX "forums_program_idx" ON "forums" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "forums_cohort_idx" ON "forums" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."seen_at" is null;--> statement-breakpoint
CREATE INDEX "live_attendance_user_idx" ON "live_attendance" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "live_sessions_cohort_idx" ON "live_sessions" USING btree ("cohort_id","starts_at");--> statement-breakpoint
CREATE INDEX "live_sessions_series_idx" ON "live_sessions" USING btree ("series_id");--> statement-breakpoint
-- Read caches (services/forums/forum-cache.ts, services/notifications.ts) and the
-- server-sent events hub (realtime/live-hub.ts) hear these tables' changes on
-- every server. Likes, reports, subscriptions and live sessions are not
-- cached: they are read fresh.
SELECT senda_watch_table('forums', 'id', 'program_id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('forum_threads', 'id', 'forum_id');--> statement-breakpoint
SELECT senda_watch_table('forum_comments', 'thread_id');--> statement-breakpoint
SELECT senda_watch_table('forum_events', 'id', 'forum_id', 'thread_id');--> statement-breakpoint
SELECT senda_watch_table('notifications', 'user_id');
