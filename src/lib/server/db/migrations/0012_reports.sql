CREATE TABLE "report_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requested_by" integer NOT NULL,
	"type" text NOT NULL,
	"format" text NOT NULL,
	"learning_path_id" integer,
	"cohort_id" integer,
	"language" text DEFAULT 'es' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_exports_status_check" CHECK ("report_exports"."status" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "report_exports_format_check" CHECK ("report_exports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_requester_idx" ON "report_exports" USING btree ("requested_by","created_at");