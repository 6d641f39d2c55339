CREATE TABLE "cohort_courses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cohort_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"level_id" integer,
	"release_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_courses_cohort_course_unique" UNIQUE("cohort_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "cohort_courses" ADD CONSTRAINT "cohort_courses_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_courses" ADD CONSTRAINT "cohort_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_courses" ADD CONSTRAINT "cohort_courses_level_id_cohort_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."cohort_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_courses_course_idx" ON "cohort_courses" USING btree ("course_id");