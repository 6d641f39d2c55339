DROP INDEX "profiles_document_unique";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "document_reserved" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_document_unique" ON "profiles" USING btree ("document_type","document_number") WHERE "profiles"."document_reserved";--> statement-breakpoint
-- Sign-ups nobody verified yet hold no seat and reserve no document (services/registrations/verify-sign-up.ts).
UPDATE "profiles" SET "document_reserved" = false WHERE "user_id" IN (SELECT "r"."user_id" FROM "registrations" "r" JOIN "users" "u" ON "u"."id" = "r"."user_id" WHERE "r"."status" = 'pending_verification' AND "u"."password_hash" IS NULL AND "u"."invited_at" IS NULL);--> statement-breakpoint
UPDATE "registrations" SET "hold_expires_at" = NULL WHERE "status" = 'pending_verification';
