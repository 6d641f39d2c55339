CREATE TABLE "file_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "file_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"requested_by" integer NOT NULL,
	"format" text NOT NULL,
	"assignment_id" integer,
	"report_type" text,
	"learning_path_id" integer,
	"cohort_id" integer,
	"language" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"items_total" integer DEFAULT 0 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "file_exports_kind_check" CHECK ("file_exports"."kind" in ('submissions_zip', 'report')),
	CONSTRAINT "file_exports_format_check" CHECK ("file_exports"."format" in ('zip', 'csv', 'xlsx')),
	CONSTRAINT "file_exports_status_check" CHECK ("file_exports"."status" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "file_exports_kind_columns_check" CHECK (("file_exports"."kind" = 'submissions_zip' and "file_exports"."assignment_id" is not null and "file_exports"."format" = 'zip') or ("file_exports"."kind" = 'report' and "file_exports"."report_type" is not null and "file_exports"."format" in ('csv', 'xlsx')))
);
--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_exports" ADD CONSTRAINT "file_exports_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_exports_requester_idx" ON "file_exports" USING btree ("requested_by","kind","created_at");--> statement-breakpoint
CREATE INDEX "file_exports_created_idx" ON "file_exports" USING btree ("created_at");--> statement-breakpoint
-- Existing exports move into file_exports. Zips keep their ids (a queued zip's job still finds it); reports follow
-- them, so a report still queued or running is marked failed (its job carries the old id) and is asked for again.
INSERT INTO "file_exports" ("id", "kind", "requested_by", "format", "assignment_id", "cohort_id", "language", "status", "items_total", "items_done", "bytes_total", "bytes_done", "file_name", "storage_key", "size_bytes", "error", "created_at", "finished_at")
OVERRIDING SYSTEM VALUE
SELECT e."id", 'submissions_zip', e."requested_by", 'zip', e."assignment_id", e."cohort_id", e."language", e."status", e."files_total", e."files_done", e."bytes_total", e."bytes_done",
	coalesce(nullif(left(trim(both '-' from regexp_replace(translate(lower(a."title"), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc'), '[^a-z0-9_]+', '-', 'g')), 50), ''), 'tarea') || '-entregas.zip',
	e."storage_key", e."size_bytes", e."error", e."created_at", e."finished_at"
FROM "submission_exports" e JOIN "assignments" a ON a."id" = e."assignment_id";--> statement-breakpoint
INSERT INTO "file_exports" ("id", "kind", "requested_by", "format", "report_type", "learning_path_id", "cohort_id", "language", "status", "items_total", "items_done", "file_name", "storage_key", "size_bytes", "error", "created_at", "finished_at")
OVERRIDING SYSTEM VALUE
SELECT r."id" + (SELECT coalesce(max("id"), 0) FROM "submission_exports"), 'report', r."requested_by", r."format", r."type", r."learning_path_id", r."cohort_id", r."language",
	CASE WHEN r."status" in ('queued', 'running') THEN 'failed' ELSE r."status" END, r."rows_total", r."rows_done", r."file_name", r."storage_key", r."size_bytes",
	CASE WHEN r."status" in ('queued', 'running') THEN 'interrupted by migration 0013' ELSE r."error" END, r."created_at",
	CASE WHEN r."status" in ('queued', 'running') THEN now() ELSE r."finished_at" END
FROM "report_exports" r;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"file_exports"', 'id'), (SELECT coalesce(max("id"), 0) + 1 FROM "file_exports"), false);--> statement-breakpoint
DROP TABLE "report_exports" CASCADE;--> statement-breakpoint
DROP TABLE "submission_exports" CASCADE;
