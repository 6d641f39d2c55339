CREATE TABLE "consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"text_version" text NOT NULL,
	"channel" text NOT NULL,
	"recorded_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_purpose_check" CHECK ("consents"."purpose" in ('general', 'sensitive_data', 'funder_reports')),
	CONSTRAINT "consents_channel_check" CHECK ("consents"."channel" in ('sign_up', 'account', 'staff', 'import')),
	CONSTRAINT "consents_withdrawn_after_granted_check" CHECK ("consents"."withdrawn_at" is null or "consents"."withdrawn_at" >= "consents"."granted_at")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawn_on" date;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawal_note" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "withdrawn_by" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "guardian_document_type" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "guardian_document_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "guardian_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_in_force_unique" ON "consents" USING btree ("user_id","purpose") WHERE "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "consents_purpose_in_force_idx" ON "consents" USING btree ("purpose","user_id") WHERE "consents"."withdrawn_at" is null;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_withdrawal_check" CHECK (("memberships"."withdrawn_on" is null and "memberships"."withdrawal_reason" is null) or ("memberships"."withdrawn_on" is not null and "memberships"."withdrawal_reason" in ('work', 'health', 'finances', 'moved', 'no_contact', 'other') and "memberships"."status" = 'INACTIVE'));--> statement-breakpoint
-- Consents join the change feed (migration 0004) so a withdrawal reaches every app server's caches at once: data a
-- person stops authorising must stop being used from then on (ADR 030). Memberships are watched already (0004).
SELECT senda_watch_table('consents', 'user_id');
