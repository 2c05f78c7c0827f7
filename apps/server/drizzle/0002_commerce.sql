CREATE TABLE "batch_instalment_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_instalment_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"amount_inr_minor" bigint NOT NULL,
	"amount_usd_minor" bigint NOT NULL,
	"due_date" date,
	"due_after_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_instalment_templates_batch_sequence_uq" UNIQUE("batch_id","sequence"),
	CONSTRAINT "batch_instalment_templates_sequence_ck" CHECK ("batch_instalment_templates"."sequence" >= 1),
	CONSTRAINT "batch_instalment_templates_amounts_ck" CHECK ("batch_instalment_templates"."amount_inr_minor" > 0 AND "batch_instalment_templates"."amount_usd_minor" > 0),
	CONSTRAINT "batch_instalment_templates_due_ck" CHECK (("batch_instalment_templates"."due_date" IS NULL) <> ("batch_instalment_templates"."due_after_days" IS NULL) AND coalesce("batch_instalment_templates"."due_after_days", 0) >= 0)
);
--> statement-breakpoint
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
CREATE TABLE "coupon_workshops" (
	"coupon_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	CONSTRAINT "coupon_workshops_uq" UNIQUE("coupon_id","workshop_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_last_number_ck" CHECK ("invoice_counters"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"series" text NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"snapshot" jsonb NOT NULL,
	"seller" jsonb,
	"receipt_queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_uq" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_uq" UNIQUE("number"),
	CONSTRAINT "invoices_series_sequence_uq" UNIQUE("series","sequence"),
	CONSTRAINT "invoices_sequence_ck" CHECK ("invoices"."sequence" >= 1)
);
--> statement-breakpoint
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
CREATE TABLE "sandbox_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"amount_paid_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_orders_provider_order_id_uq" UNIQUE("provider_order_id"),
	CONSTRAINT "sandbox_orders_status_ck" CHECK ("sandbox_orders"."status" IN ('created', 'attempted', 'paid')),
	CONSTRAINT "sandbox_orders_currency_ck" CHECK ("sandbox_orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sandbox_orders_amounts_ck" CHECK ("sandbox_orders"."amount_minor" > 0 AND "sandbox_orders"."amount_paid_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_payment_id" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_refunded_minor" bigint DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_provider_payment_id_uq" UNIQUE("provider_payment_id"),
	CONSTRAINT "sandbox_payments_status_ck" CHECK ("sandbox_payments"."status" IN ('created', 'authorized', 'captured', 'refunded', 'failed')),
	CONSTRAINT "sandbox_payments_currency_ck" CHECK ("sandbox_payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sandbox_payments_amounts_ck" CHECK ("sandbox_payments"."amount_minor" > 0 AND "sandbox_payments"."amount_refunded_minor" >= 0 AND "sandbox_payments"."amount_refunded_minor" <= "sandbox_payments"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider_refund_id" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"receipt" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_provider_refund_id_uq" UNIQUE("provider_refund_id"),
	CONSTRAINT "sandbox_refunds_receipt_uq" UNIQUE("receipt"),
	CONSTRAINT "sandbox_refunds_status_ck" CHECK ("sandbox_refunds"."status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "sandbox_refunds_currency_ck" CHECK ("sandbox_refunds"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sandbox_refunds_amount_ck" CHECK ("sandbox_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "coins_ledger" DROP CONSTRAINT "coins_ledger_reason_ck";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by_checkout_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "recording_amount" integer;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "recording_dollar" integer;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "late_join_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "live_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "flat_inr_minor" bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "flat_usd_minor" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "account_created_by_checkout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referrer_coins" integer;--> statement-breakpoint
ALTER TABLE "batch_instalment_templates" ADD CONSTRAINT "batch_instalment_templates_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_workshops" ADD CONSTRAINT "coupon_workshops_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_workshops" ADD CONSTRAINT "coupon_workshops_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_provider_order_id_sandbox_orders_provider_order_id_fk" FOREIGN KEY ("provider_order_id") REFERENCES "public"."sandbox_orders"("provider_order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_provider_payment_id_sandbox_payments_provider_payment_id_fk" FOREIGN KEY ("provider_payment_id") REFERENCES "public"."sandbox_payments"("provider_payment_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_expires_idx" ON "checkouts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "coupon_workshops_workshop_idx" ON "coupon_workshops" USING btree ("workshop_id");--> statement-breakpoint
CREATE INDEX "payment_links_created_idx" ON "payment_links" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_order_idx" ON "sandbox_payments" USING btree ("provider_order_id");--> statement-breakpoint
CREATE INDEX "sandbox_refunds_payment_idx" ON "sandbox_refunds" USING btree ("provider_payment_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_late_join_days_ck" CHECK ("batches"."late_join_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_recording_prices_ck" CHECK (coalesce("batches"."recording_amount", 0) >= 0 AND coalesce("batches"."recording_dollar", 0) >= 0);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_flat_amounts_ck" CHECK (("coupons"."flat_inr_minor" IS NULL OR ("coupons"."kind" = 'flat' AND "coupons"."flat_inr_minor" > 0)) AND ("coupons"."flat_usd_minor" IS NULL OR ("coupons"."kind" = 'flat' AND "coupons"."flat_usd_minor" > 0)));--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_reason_ck" CHECK ("coins_ledger"."reason" IN ('signup_bonus', 'referral_reward', 'purchase', 'spend', 'refund', 'reversal', 'admin_adjustment', 'payout_hold', 'payout_release'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_coins_ck" CHECK ("referrals"."referrer_coins" IS NULL OR "referrals"."referrer_coins" >= 0);