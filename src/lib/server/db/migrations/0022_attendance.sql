CREATE TABLE "attendance_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"from_minutes" integer,
	"to_minutes" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "attendance_excuses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attendance_excuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_excuses_status_check" CHECK ("attendance_excuses"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "attendance_settings" (
	"program_id" integer PRIMARY KEY NOT NULL,
	"late_after_minutes" integer DEFAULT 10 NOT NULL,
	"present_percent" double precision DEFAULT 80 NOT NULL,
	"late_percent" double precision DEFAULT 50 NOT NULL,
	"absence_alert_after" integer DEFAULT 3 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_settings_late_check" CHECK ("attendance_settings"."late_after_minutes" >= 0),
	CONSTRAINT "attendance_settings_percent_check" CHECK ("attendance_settings"."late_percent" >= 0 and "attendance_settings"."late_percent" <= "attendance_settings"."present_percent" and "attendance_settings"."present_percent" <= 100),
	CONSTRAINT "attendance_settings_alert_check" CHECK ("attendance_settings"."absence_alert_after" >= 1)
);
--> statement-breakpoint
ALTER TABLE "live_attendance" ALTER COLUMN "first_joined_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_attendance" ALTER COLUMN "last_joined_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "status" text DEFAULT 'present' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "minutes" integer;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "marked_by" integer;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD COLUMN "mark_id" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "kind" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "place" text;--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "planned_hours" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "live_sessions" ADD COLUMN "check_in_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_audit" ADD CONSTRAINT "attendance_audit_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_excuses" ADD CONSTRAINT "attendance_excuses_session_id_live_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."live_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_excuses" ADD CONSTRAINT "attendance_excuses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_excuses" ADD CONSTRAINT "attendance_excuses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_settings" ADD CONSTRAINT "attendance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_audit_session_idx" ON "attendance_audit" USING btree ("session_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_excuses_session_user_idx" ON "attendance_excuses" USING btree ("session_id","user_id");--> statement-breakpoint
CREATE INDEX "attendance_excuses_user_idx" ON "attendance_excuses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_status_check" CHECK ("live_attendance"."status" in ('present', 'late', 'absent', 'excused'));--> statement-breakpoint
ALTER TABLE "live_attendance" ADD CONSTRAINT "live_attendance_minutes_check" CHECK ("live_attendance"."minutes" is null or "live_attendance"."minutes" >= 0);--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_kind_check" CHECK ("live_sessions"."kind" in ('online', 'in_person', 'hybrid'));--> statement-breakpoint
ALTER TABLE "live_sessions" ADD CONSTRAINT "live_sessions_planned_hours_check" CHECK ("live_sessions"."planned_hours" is null or "live_sessions"."planned_hours" >= 0);