CREATE TABLE "attempt_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" integer[],
	"text" text,
	"number" double precision,
	"client_saved_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"manual_points" double precision,
	"grader_feedback" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "attempt_answers_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "bank_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"current_version_id" integer,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_questions_status_check" CHECK ("status" in ('ACTIVE', 'INACTIVE'))
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version_id" integer NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"type" text NOT NULL,
	"prompt" text NOT NULL,
	"points" double precision DEFAULT 1 NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" double precision,
	"tolerance" double precision DEFAULT 0 NOT NULL,
	"feedback" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_versions_question_version_unique" UNIQUE("question_id","version"),
	CONSTRAINT "question_versions_type_check" CHECK ("question_versions"."type" in ('single', 'multiple', 'true_false', 'short_text', 'numeric', 'open'))
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_by" text,
	"questions" jsonb NOT NULL,
	"score" double precision,
	"max_score" double precision,
	"percent" double precision,
	"passed" boolean,
	"pending_manual_grading" boolean DEFAULT false NOT NULL,
	CONSTRAINT "quiz_attempts_number_unique" UNIQUE("quiz_id","user_id","number"),
	CONSTRAINT "quiz_attempts_status_check" CHECK ("quiz_attempts"."status" in ('in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "quiz_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"quiz_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question_id" integer,
	"draw_tag" text,
	"draw_count" integer,
	CONSTRAINT "quiz_items_kind_check" CHECK (("quiz_items"."question_id" is not null) <> ("quiz_items"."draw_tag" is not null and "quiz_items"."draw_count" is not null))
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quizzes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"activity_type" text NOT NULL,
	"time_limit_s" integer,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"pass_percent" double precision DEFAULT 60 NOT NULL,
	"shuffle_questions" boolean DEFAULT false NOT NULL,
	"shuffle_options" boolean DEFAULT false NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"show_results" text DEFAULT 'after_submit' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quizzes_activity_type_check" CHECK ("quizzes"."activity_type" in ('practical', 'evaluation', 'nivelation')),
	CONSTRAINT "quizzes_show_results_check" CHECK ("quizzes"."show_results" in ('never', 'after_submit', 'after_close'))
);
--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attempt_answers" ADD CONSTRAINT "attempt_answers_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_questions" ADD CONSTRAINT "bank_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_version_id_question_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."question_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_items" ADD CONSTRAINT "quiz_items_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_items" ADD CONSTRAINT "quiz_items_question_id_bank_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."bank_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_questions_course_idx" ON "bank_questions" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "question_options_version_idx" ON "question_options" USING btree ("version_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_open_idx" ON "quiz_attempts" USING btree ("quiz_id","user_id") WHERE "quiz_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "quiz_attempts_open_deadline_idx" ON "quiz_attempts" USING btree ("deadline") WHERE "quiz_attempts"."status" = 'in_progress' and "quiz_attempts"."deadline" is not null;--> statement-breakpoint
CREATE INDEX "quiz_attempts_user_idx" ON "quiz_attempts" USING btree ("user_id","quiz_id");--> statement-breakpoint
CREATE INDEX "quiz_attempts_quiz_started_idx" ON "quiz_attempts" USING btree ("quiz_id","started_at");--> statement-breakpoint
CREATE INDEX "quiz_items_quiz_idx" ON "quiz_items" USING btree ("quiz_id","position");--> statement-breakpoint
CREATE INDEX "quizzes_course_idx" ON "quizzes" USING btree ("course_id");--> statement-breakpoint
-- Read caches (services/quizzes/quiz-cache.ts) hear changes to the authored
-- tables. Attempts and answers are not watched: they are the hot path of a
-- synchronized start, read fresh by index, and a NOTIFY per save would
-- serialize thousands of commits a minute.
SELECT senda_watch_table('quizzes', 'id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('quiz_items', 'quiz_id');--> statement-breakpoint
SELECT senda_watch_table('bank_questions', 'id', 'course_id');--> statement-breakpoint
SELECT senda_watch_table('question_versions', 'question_id');
