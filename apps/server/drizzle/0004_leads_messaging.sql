CREATE TABLE "dev_crm_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dev_crm_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"crm_id" text NOT NULL,
	"email" text,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dev_crm_calls_kind_ck" CHECK ("dev_crm_calls"."kind" IN ('lead', 'note'))
);
--> statement-breakpoint
CREATE TABLE "mailing_tag_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mailing_tag_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list" text NOT NULL,
	"list_id" text NOT NULL,
	"scope" text NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"tags" jsonb NOT NULL,
	"delivered_by" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_tag_requests_scope_ck" CHECK ("mailing_tag_requests"."scope" IN ('email', 'audience'))
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"instalment_reminders_email" boolean DEFAULT true NOT NULL,
	"instalment_reminders_sms" boolean DEFAULT true NOT NULL,
	"session_reminders_email" boolean DEFAULT true NOT NULL,
	"session_reminders_sms" boolean DEFAULT false NOT NULL,
	"trip_updates_email" boolean DEFAULT true NOT NULL,
	"achievements_email" boolean DEFAULT true NOT NULL,
	"marketing_email" boolean DEFAULT false NOT NULL,
	"ad_measurement" boolean DEFAULT false NOT NULL,
	"ad_measurement_chosen_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_applications" DROP CONSTRAINT "trip_applications_user_trip_uq";--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" DROP CONSTRAINT "marketing_form_submissions_kind_ck";--> statement-breakpoint
ALTER TABLE "trip_applications" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "thumbnail" text;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "submission_id" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "designated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "crm_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD COLUMN "consent_version" text;--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_tag_requests" ADD CONSTRAINT "mailing_tag_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dev_crm_calls_email_idx" ON "dev_crm_calls" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "mailing_tag_requests_user_idx" ON "mailing_tag_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trip_applications_user_trip_live_uq" ON "trip_applications" USING btree ("user_id","trip_id") WHERE "trip_applications"."status" IN ('submitted', 'shortlisted', 'accepted');--> statement-breakpoint
CREATE INDEX "trip_applications_user_idx" ON "trip_applications" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD CONSTRAINT "marketing_form_submissions_kind_ck" CHECK ("marketing_form_submissions"."kind" IN ('callback', 'campaign_lead', 'hire_us', 'competition_contact', 'curriculum_form', 'case_study', 'partner_contact', 'partner_subscribe', 'counselling', 'skill_test', 'video_testimonial', 'itinerary_request', 'consultation', 'trip_application'));