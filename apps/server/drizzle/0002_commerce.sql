CREATE TABLE "payment_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone,
	"payee_name" text,
	"payee_email" text,
	"payee_user_id" integer,
	"paid_order_id" integer,
	"paid_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_token_uq" UNIQUE("token"),
	CONSTRAINT "payment_links_paid_order_uq" UNIQUE("paid_order_id"),
	CONSTRAINT "payment_links_amount_ck" CHECK ("payment_links"."amount_minor" > 0),
	CONSTRAINT "payment_links_currency_ck" CHECK ("payment_links"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payment_links_paid_ck" CHECK ("payment_links"."paid_order_id" IS NULL OR "payment_links"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "coins_ledger" DROP CONSTRAINT "coins_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "recording_amount" integer;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "recording_dollar" integer;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_coins" integer;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_recording_prices_ck" CHECK (coalesce("batches"."recording_amount", 0) >= 0 AND coalesce("batches"."recording_dollar", 0) >= 0);--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_reason_ck" CHECK ("coins_ledger"."reason" IN ('signup_bonus', 'referral_reward', 'purchase', 'spend', 'refund', 'reversal', 'admin_adjustment', 'payout_hold', 'payout_release'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_coins_ck" CHECK ("referrals"."referrer_coins" IS NULL OR "referrals"."referrer_coins" >= 0);