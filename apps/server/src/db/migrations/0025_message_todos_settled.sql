ALTER TABLE "message_receivers" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD COLUMN "settled_with" text;--> statement-breakpoint
ALTER TABLE "message_receivers" ADD CONSTRAINT "message_receivers_settled_by_accounts_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_project_type_idx" ON "messages" USING btree ("project_id","type");--> statement-breakpoint
-- A to-do is settled once: who settled it and when stay as first written, whatever runs later.
CREATE FUNCTION message_receivers_settle_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.settled_at IS NOT NULL AND (NEW.settled_at IS DISTINCT FROM OLD.settled_at
      OR NEW.settled_by IS DISTINCT FROM OLD.settled_by OR NEW.settled_with IS DISTINCT FROM OLD.settled_with) THEN
    RAISE EXCEPTION 'message receiver % is already settled', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_receivers_settle_once BEFORE UPDATE ON message_receivers
  FOR EACH ROW EXECUTE FUNCTION message_receivers_settle_once();
