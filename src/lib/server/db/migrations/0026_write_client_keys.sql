ALTER TABLE "submissions" ADD COLUMN "client_key" uuid;--> statement-breakpoint
ALTER TABLE "forum_comments" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_user_client_key_unique" ON "submissions" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_comments_author_client_key_unique" ON "forum_comments" USING btree ("author_id","client_key");