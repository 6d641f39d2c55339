CREATE TABLE "assignment_due_dates" (
	"cohort_id" integer NOT NULL,
	"assignment_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_due_dates_cohort_id_assignment_id_pk" PRIMARY KEY("cohort_id","assignment_id")
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"student_id" integer NOT NULL,
	"author_id" integer,
	"submission_id" integer,
	"quiz_attempt_id" integer,
	"lesson_id" integer,
	"from_grade" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"released_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedbacks_one_target_check" CHECK (num_nonnulls("feedbacks"."submission_id", "feedbacks"."quiz_attempt_id", "feedbacks"."lesson_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "submission_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"cohort_id" integer,
	"language" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"files_total" integer DEFAULT 0 NOT NULL,
	"files_done" integer DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "submission_exports_status_check" CHECK ("submission_exports"."status" in ('queued', 'running', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "submission_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text,
	"link" text,
	"due_at" timestamp with time zone,
	"late_days" integer DEFAULT 0 NOT NULL,
	"penalty_percent" double precision DEFAULT 0 NOT NULL,
	"score" double precision,
	"feedback" text,
	"graded_by" integer,
	"graded_at" timestamp with time zone,
	CONSTRAINT "submissions_assignment_user_number_unique" UNIQUE("assignment_id","user_id","number"),
	CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('submitted', 'late'))
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "max_score" double precision DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_policy" text DEFAULT 'accept' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "late_penalty_percent_per_day" double precision;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "submission_types" text[] DEFAULT '{file,text,link}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "allowed_file_types" text[];--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "max_file_mb" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "published" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "anonymous_grading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "grade_release" text DEFAULT 'automatic' NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "grades_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assignment_due_dates" ADD CONSTRAINT "assignment_due_dates_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_due_dates" ADD CONSTRAINT "assignment_due_dates_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_due_dates" ADD CONSTRAINT "assignment_due_dates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_quiz_attempt_id_quiz_attempts_id_fk" FOREIGN KEY ("quiz_attempt_id") REFERENCES "public"."quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_exports" ADD CONSTRAINT "submission_exports_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_exports" ADD CONSTRAINT "submission_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_files" ADD CONSTRAINT "submission_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_graded_by_users_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_due_dates_assignment_idx" ON "assignment_due_dates" USING btree ("assignment_id");--> statement-breakpoint
CREATE INDEX "feedbacks_student_idx" ON "feedbacks" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedbacks_grade_of_submission_idx" ON "feedbacks" USING btree ("submission_id") WHERE "feedbacks"."from_grade";--> statement-breakpoint
CREATE INDEX "submission_exports_assignment_idx" ON "submission_exports" USING btree ("assignment_id","requested_by");--> statement-breakpoint
CREATE INDEX "submission_files_submission_idx" ON "submission_files" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "submission_files_user_idx" ON "submission_files" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id","assignment_id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_late_policy_check" CHECK ("assignments"."late_policy" in ('accept', 'penalize', 'refuse'));--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_grade_release_check" CHECK ("assignments"."grade_release" in ('automatic', 'manual'));--> statement-breakpoint
-- What the activities said becomes their instructions; the activities that existed stay visible to students
-- (published), take a file, a text or a link, and are graded out of 100.
UPDATE "assignments" SET "instructions" = "description", "published" = true;--> statement-breakpoint
ALTER TABLE "assignments" DROP COLUMN "description";--> statement-breakpoint
-- Read caches hear these: a cohort's due dates and a student's submissions change their homework
-- (services/learning.ts), feedback changes the unseen badge (services/assignments/feedbacks.ts).
SELECT senda_watch_table('assignment_due_dates', 'assignment_id', 'cohort_id');--> statement-breakpoint
SELECT senda_watch_table('submissions', 'user_id', 'assignment_id');--> statement-breakpoint
SELECT senda_watch_table('feedbacks', 'student_id');
