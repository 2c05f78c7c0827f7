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
CREATE TABLE "coupon_workshops" (
	"coupon_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	CONSTRAINT "coupon_workshops_uq" UNIQUE("coupon_id","workshop_id")
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "late_join_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "live_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "flat_inr_minor" bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "flat_usd_minor" bigint;--> statement-breakpoint
ALTER TABLE "batch_instalment_templates" ADD CONSTRAINT "batch_instalment_templates_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_workshops" ADD CONSTRAINT "coupon_workshops_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_workshops" ADD CONSTRAINT "coupon_workshops_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_workshops_workshop_idx" ON "coupon_workshops" USING btree ("workshop_id");--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_late_join_days_ck" CHECK ("batches"."late_join_days" BETWEEN 0 AND 365);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_flat_amounts_ck" CHECK (("coupons"."flat_inr_minor" IS NULL OR ("coupons"."kind" = 'flat' AND "coupons"."flat_inr_minor" > 0)) AND ("coupons"."flat_usd_minor" IS NULL OR ("coupons"."kind" = 'flat' AND "coupons"."flat_usd_minor" > 0)));