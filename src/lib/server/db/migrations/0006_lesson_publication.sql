-- Lessons have a draft state: NULL is a draft only the course's staff see, a
-- past date is published, a future date a scheduled publication. Lessons that
-- already exist were visible to students: they stay published.
ALTER TABLE "lessons" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
UPDATE "lessons" SET "published_at" = "created_at";
