DROP INDEX "markup_replies_markup_idx";--> statement-breakpoint
DROP INDEX "markups_file_idx";--> statement-breakpoint
ALTER TABLE "markup_replies" ADD COLUMN "seq" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "markup_replies_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "markups" ADD COLUMN "seq" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "markups_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "markup_replies_markup_idx" ON "markup_replies" USING btree ("markup_id","seq");--> statement-breakpoint
CREATE INDEX "markups_file_idx" ON "markups" USING btree ("file_id","seq");