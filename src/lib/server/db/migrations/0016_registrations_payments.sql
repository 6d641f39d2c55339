CREATE TABLE "crm_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_deliveries_status_check" CHECK ("crm_deliveries"."status" in ('pending', 'sending', 'retrying', 'delivered', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"offer_id" integer,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"max_uses" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_status_check" CHECK ("status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 and ("discount_codes"."kind" = 'fixed' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_code_check" CHECK ("discount_codes"."code" = upper("discount_codes"."code"))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cohort_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"seats" integer NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"price_usd_cents" bigint,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_slug_unique" UNIQUE("slug"),
	CONSTRAINT "offers_status_check" CHECK ("status" in ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "offers_seats_check" CHECK ("offers"."seats" >= 0),
	CONSTRAINT "offers_price_check" CHECK ("offers"."price_cents" >= 0 and ("offers"."price_usd_cents" is null or "offers"."price_usd_cents" > 0)),
	CONSTRAINT "offers_window_check" CHECK ("offers"."closes_at" > "offers"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"offer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"consent_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"enrolled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_offer_user_unique" UNIQUE("offer_id","user_id"),
	CONSTRAINT "registrations_status_check" CHECK ("registrations"."status" in ('pending_verification', 'pending_payment', 'enrolled', 'paused', 'expired', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"event_key" text,
	"event_type" text NOT NULL,
	"provider_status" text,
	"outcome" text NOT NULL,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"registration_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"list_amount_cents" bigint NOT NULL,
	"discount_code_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_order_id" text,
	"provider_transaction_id" text,
	"checkout_url" text,
	"payment_method" text,
	"attention" text,
	"failure_reason" text,
	"approved_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('sandbox', 'wompi', 'paypal', 'free')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'approved', 'enrolled', 'declined', 'voided', 'refunded', 'expired', 'error')),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" in ('COP', 'USD')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."list_amount_cents" >= "payments"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT "account_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "crm_deliveries" ADD CONSTRAINT "crm_deliveries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deliveries_registration_unique" ON "crm_deliveries" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "crm_deliveries_status_idx" ON "crm_deliveries" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_unique" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "offers_cohort_idx" ON "offers" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "registrations_offer_status_idx" ON "registrations" USING btree ("offer_id","status");--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key_unique" ON "payment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_unique" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_transaction_unique" ON "payments" USING btree ("provider","provider_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_order_unique" ON "payments" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_discount_idx" ON "payments" USING btree ("discount_code_id");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_reference_idx" ON "sandbox_transactions" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('invitation', 'password_reset', 'registration'));