CREATE TABLE "checkouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "checkouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"batch_id" integer,
	"link_token" text,
	"user_id" integer,
	"created_account" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_token_hash_uq" UNIQUE("token_hash"),
	CONSTRAINT "checkouts_target_ck" CHECK ("checkouts"."batch_id" IS NOT NULL OR "checkouts"."link_token" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "coins_ledger" DROP CONSTRAINT "coins_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by_checkout_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_created_by_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_coins" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_expires_idx" ON "checkouts" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_reason_ck" CHECK ("coins_ledger"."reason" IN ('signup_bonus', 'referral_reward', 'purchase', 'spend', 'refund', 'reversal', 'admin_adjustment', 'payout_hold', 'payout_release'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_coins_ck" CHECK ("referrals"."referrer_coins" IS NULL OR "referrals"."referrer_coins" >= 0);