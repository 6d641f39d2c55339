CREATE TABLE "ai_policy_acceptances" (
	"user_id" integer NOT NULL,
	"version" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_policy_acceptances_pk" PRIMARY KEY("user_id","version")
);
--> statement-breakpoint
CREATE TABLE "jarvis_answers" (
	"user_id" integer NOT NULL,
	"data_hash" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jarvis_answers_pk" PRIMARY KEY("user_id","data_hash")
);
--> statement-breakpoint
CREATE TABLE "jarvis_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jarvis_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer,
	"asked_by" integer,
	"kind" text NOT NULL,
	"model" text NOT NULL,
	"prompt" jsonb NOT NULL,
	"answer" text,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jarvis_logs_kind_check" CHECK ("jarvis_logs"."kind" in ('feedback', 'chat'))
);
--> statement-breakpoint
CREATE TABLE "question_lessons" (
	"question_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_lessons_pk" PRIMARY KEY("question_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "learning_paths" ADD COLUMN "assistant_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_policy_acceptances" ADD CONSTRAINT "ai_policy_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jarvis_answers" ADD CONSTRAINT "jarvis_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jarvis_logs" ADD CONSTRAINT "jarvis_logs_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jarvis_logs" ADD CONSTRAINT "jarvis_logs_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_lessons" ADD CONSTRAINT "question_lessons_question_id_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_lessons" ADD CONSTRAINT "question_lessons_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_policy_acceptances_at_idx" ON "ai_policy_acceptances" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "jarvis_answers_created_idx" ON "jarvis_answers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jarvis_logs_subject_idx" ON "jarvis_logs" USING btree ("subject_id","created_at");--> statement-breakpoint
CREATE INDEX "jarvis_logs_created_idx" ON "jarvis_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "question_lessons_lesson_idx" ON "question_lessons" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_search_idx" ON "lessons" USING gin (to_tsvector('spanish'::regconfig, "title" || ' ' || "content_md"));--> statement-breakpoint
-- The assistant's facts are read through caches every server keeps: a completed attempt, or a lesson an author links to a question, drops them (ADR 006).
SELECT senda_watch_table('quiz_attempts', 'user_id', 'quiz_id');--> statement-breakpoint
SELECT senda_watch_table('question_lessons', 'question_id', 'lesson_id');
