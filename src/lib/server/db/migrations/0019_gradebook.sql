CREATE TABLE "approval_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"program_id" integer,
	"cohort_id" integer,
	"min_grade" double precision DEFAULT 3 NOT NULL,
	"min_completion_percent" double precision DEFAULT 0 NOT NULL,
	"min_attendance_percent" double precision DEFAULT 0 NOT NULL,
	"must_pass_items" boolean DEFAULT true NOT NULL,
	"all_courses_required" boolean DEFAULT true NOT NULL,
	"pass_mark" double precision DEFAULT 3 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_one_owner_check" CHECK (num_nonnulls("approval_rules"."program_id", "approval_rules"."cohort_id") = 1),
	CONSTRAINT "approval_rules_grades_check" CHECK ("approval_rules"."min_grade" between 0 and 5 and "approval_rules"."pass_mark" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "grade_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"weight" double precision NOT NULL,
	"drop_lowest" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_categories_weight_check" CHECK ("grade_categories"."weight" > 0 and "grade_categories"."weight" <= 100),
	CONSTRAINT "grade_categories_drop_lowest_check" CHECK ("grade_categories"."drop_lowest" >= 0)
);
--> statement-breakpoint
CREATE TABLE "grade_overrides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grade_overrides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"old_grade" double precision,
	"new_grade" double precision,
	"reason" text NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "grade_category_id" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "counts_for_grade" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "must_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "grade_category_id" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "counts_for_grade" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "must_pass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_overrides" ADD CONSTRAINT "grade_overrides_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_program_idx" ON "approval_rules" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_cohort_idx" ON "approval_rules" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "grade_categories_course_idx" ON "grade_categories" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "grade_overrides_cohort_course_idx" ON "grade_overrides" USING btree ("cohort_id","course_id","user_id","id");--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_grade_category_id_grade_categories_id_fk" FOREIGN KEY ("grade_category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_grade_category_id_grade_categories_id_fk" FOREIGN KEY ("grade_category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;