-- Failed sign-ins are counted per username and address in sign_in_failures (0022); the
-- per-account counter and lock go. A lock under way at the upgrade (ten minutes at most) ends
-- with it. A logout or password change spends the account's unredeemed codes: by this index.
CREATE INDEX "authorization_codes_account_idx" ON "authorization_codes" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";