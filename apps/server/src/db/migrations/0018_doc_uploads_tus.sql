ALTER TABLE "doc_uploads" ADD COLUMN "tus_token_hash" text;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD COLUMN "upload_length" bigint;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD COLUMN "upload_offset" bigint;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD COLUMN "hash_state" text;--> statement-breakpoint
ALTER TABLE "doc_uploads" ADD CONSTRAINT "doc_uploads_tus_token_hash_unique" UNIQUE("tus_token_hash");