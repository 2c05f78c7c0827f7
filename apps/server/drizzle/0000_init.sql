CREATE TABLE "assessment_progresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assessment_progresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"cp_id" integer NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_progresses_user_cp_uq" UNIQUE("user_id","cp_id")
);
--> statement-breakpoint
CREATE TABLE "moderator_access_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderator_access_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"moderator_id" integer NOT NULL,
	"learner_id" integer NOT NULL,
	"session_id" integer,
	"reason" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "otps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"identifier" text NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otps_purpose_ck" CHECK ("otps"."purpose" IN ('login', 'register', 'password_add', 'password_reset', 'verify_email', 'verify_mobile')),
	CONSTRAINT "otps_channel_ck" CHECK ("otps"."channel" IN ('sms', 'email')),
	CONSTRAINT "otps_attempts_ck" CHECK ("otps"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"is_moderator_view" boolean DEFAULT false NOT NULL,
	"viewed_user_id" integer,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_token_hash_uq" UNIQUE("token_hash"),
	CONSTRAINT "sessions_moderator_view_ck" CHECK ("sessions"."is_moderator_view" = ("sessions"."viewed_user_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text,
	"email" text,
	"mobile" text,
	"gender" text,
	"city" text,
	"dob" date,
	"iam" text,
	"college" text,
	"upi_id" text,
	"instagram" text,
	"linkedin" text,
	"behance" text,
	"dribbble" text,
	"image_path" text,
	"refer_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) NOT NULL,
	"secret_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"role" text DEFAULT 'learner' NOT NULL,
	"password_hash" text,
	"google_sub" text,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"lockout_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_mobile_uq" UNIQUE("mobile"),
	CONSTRAINT "users_refer_code_uq" UNIQUE("refer_code"),
	CONSTRAINT "users_secret_key_uq" UNIQUE("secret_key"),
	CONSTRAINT "users_google_sub_uq" UNIQUE("google_sub"),
	CONSTRAINT "users_contact_present_ck" CHECK ("users"."email" IS NOT NULL OR "users"."mobile" IS NOT NULL),
	CONSTRAINT "users_role_ck" CHECK ("users"."role" IN ('learner', 'moderator', 'instructor', 'admin')),
	CONSTRAINT "users_iam_ck" CHECK ("users"."iam" IS NULL OR "users"."iam" IN ('student', 'graduate', 'professional')),
	CONSTRAINT "users_failed_login_count_ck" CHECK ("users"."failed_login_count" >= 0),
	CONSTRAINT "users_lockout_count_ck" CHECK ("users"."lockout_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "batch_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batch_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	CONSTRAINT "batch_schedules_day_ck" CHECK ("batch_schedules"."day" BETWEEN 1 AND 7),
	CONSTRAINT "batch_schedules_times_ck" CHECK ("batch_schedules"."end_time" > "batch_schedules"."start_time")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workshop_id" integer NOT NULL,
	"name" text,
	"start_date" date,
	"end_date" date,
	"session_type" smallint DEFAULT 1 NOT NULL,
	"amount" integer,
	"dollar" integer,
	"slash_amount" integer,
	"slash_dollar" integer,
	"zoom_link" text,
	"capacity" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_session_type_ck" CHECK ("batches"."session_type" IN (1, 2)),
	CONSTRAINT "batches_dates_ck" CHECK ("batches"."start_date" IS NULL OR "batches"."end_date" IS NULL OR "batches"."end_date" >= "batches"."start_date"),
	CONSTRAINT "batches_capacity_ck" CHECK ("batches"."capacity" IS NULL OR "batches"."capacity" > 0),
	CONSTRAINT "batches_prices_ck" CHECK (coalesce("batches"."amount", 0) >= 0 AND coalesce("batches"."dollar", 0) >= 0 AND coalesce("batches"."slash_amount", 0) >= 0 AND coalesce("batches"."slash_dollar", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "course_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subcategory_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_categories_subcategory_workshop_uq" UNIQUE("subcategory_id","workshop_id")
);
--> statement-breakpoint
CREATE TABLE "meta_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meta_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workshop_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subcategories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_category_slug_uq" UNIQUE("category_id","slug")
);
--> statement-breakpoint
CREATE TABLE "workshops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workshops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"short_title" text NOT NULL,
	"slug" text NOT NULL,
	"search_keys" text DEFAULT '' NOT NULL,
	"mark_as" text,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"brochure_url" text,
	"amount" integer,
	"dollar" integer,
	"slash_amount" integer,
	"slash_dollar" integer,
	"hero" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshops_slug_uq" UNIQUE("slug"),
	CONSTRAINT "workshops_type_ck" CHECK ("workshops"."type" IN (1, 2)),
	CONSTRAINT "workshops_prices_ck" CHECK (coalesce("workshops"."amount", 0) >= 0 AND coalesce("workshops"."dollar", 0) >= 0 AND coalesce("workshops"."slash_amount", 0) >= 0 AND coalesce("workshops"."slash_dollar", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignment_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignment_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"link" text,
	"pdf" text,
	"points" integer,
	"review_comment" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_responses_assignment_user_uq" UNIQUE("assignment_id","user_id"),
	CONSTRAINT "assignment_responses_points_ck" CHECK ("assignment_responses"."points" IS NULL OR "assignment_responses"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"max_points" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_status_ck" CHECK ("assignments"."status" IN ('open', 'closed')),
	CONSTRAINT "assignments_max_points_ck" CHECK ("assignments"."max_points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_module_details" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_module_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"module_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_module_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_module_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"detail_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"session_date" date,
	"session_start_time" time,
	"session_end_time" time,
	"assignment_last_date" date,
	"recording_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_module_sessions_type_ck" CHECK ("course_module_sessions"."type" IN (1, 2)),
	CONSTRAINT "course_module_sessions_times_ck" CHECK ("course_module_sessions"."session_start_time" IS NULL OR "course_module_sessions"."session_end_time" IS NULL OR "course_module_sessions"."session_end_time" > "course_module_sessions"."session_start_time")
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_modules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer,
	"workshop_id" integer,
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"certificate_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_modules_owner_ck" CHECK (num_nonnulls("course_modules"."batch_id", "course_modules"."workshop_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "enrolments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"is_refund" boolean DEFAULT false NOT NULL,
	"is_dashboard_access" boolean DEFAULT true NOT NULL,
	"is_enrolled" boolean DEFAULT true NOT NULL,
	"source_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolments_user_batch_uq" UNIQUE("user_id","batch_id"),
	CONSTRAINT "enrolments_source_order_uq" UNIQUE("source_order_id")
);
--> statement-breakpoint
CREATE TABLE "feedback_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feedback_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"rating" smallint,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_ratings_user_batch_type_uq" UNIQUE("user_id","batch_id","type"),
	CONSTRAINT "feedback_ratings_type_ck" CHECK ("feedback_ratings"."type" IN (1, 2)),
	CONSTRAINT "feedback_ratings_status_ck" CHECK ("feedback_ratings"."status" IN (0, 1)),
	CONSTRAINT "feedback_ratings_rating_ck" CHECK ("feedback_ratings"."rating" IS NULL OR "feedback_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "module_certificate_modals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "module_certificate_modals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"is_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "module_certificate_modals_user_module_uq" UNIQUE("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "workshop_ratings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workshop_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"workshop_id" integer NOT NULL,
	"batch_id" integer,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_ratings_user_workshop_uq" UNIQUE("user_id","workshop_id"),
	CONSTRAINT "workshop_ratings_rating_ck" CHECK ("workshop_ratings"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "certificates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"module_id" integer,
	"course_name" text NOT NULL,
	"certificate_title" text,
	"serial" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificates_serial_uq" UNIQUE("serial"),
	CONSTRAINT "certificates_user_batch_module_uq" UNIQUE NULLS NOT DISTINCT("user_id","batch_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "course_quiz_options" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_quiz_options_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"is_correct" boolean DEFAULT false NOT NULL,
	CONSTRAINT "course_quiz_options_id_question_uq" UNIQUE("id","question_id")
);
--> statement-breakpoint
CREATE TABLE "course_quiz_questions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_quiz_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"module_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"explanation" text
);
--> statement-breakpoint
CREATE TABLE "course_quiz_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_quiz_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_quiz_responses_user_question_attempt_uq" UNIQUE("user_id","question_id","attempt"),
	CONSTRAINT "course_quiz_responses_attempt_ck" CHECK ("course_quiz_responses"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "course_quizzes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_quizzes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"module_id" integer NOT NULL,
	"title" text NOT NULL,
	"pass_percentage" smallint DEFAULT 60 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_quizzes_module_uq" UNIQUE("module_id"),
	CONSTRAINT "course_quizzes_pass_percentage_ck" CHECK ("course_quizzes"."pass_percentage" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blog_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blog_categories_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "blogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_id" integer,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"cover" text,
	"author_name" text,
	"reading_minutes" smallint,
	"is_trending" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blogs_url_uq" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "campaign_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"campaign_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"image" text NOT NULL,
	"link" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_banners_type_ck" CHECK ("campaign_banners"."type" IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_popup" boolean DEFAULT false NOT NULL,
	"is_sidebar" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_window_ck" CHECK ("campaigns"."starts_at" IS NULL OR "campaigns"."ends_at" IS NULL OR "campaigns"."ends_at" > "campaigns"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "consultation_packages" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"dollar" integer,
	"covered" text[] DEFAULT '{}'::text[] NOT NULL,
	"details_required" text[] DEFAULT '{}'::text[] NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "consultation_packages_id_ck" CHECK ("consultation_packages"."id" > 0),
	CONSTRAINT "consultation_packages_prices_ck" CHECK ("consultation_packages"."price" >= 0 AND coalesce("consultation_packages"."dollar", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_objects_window_ck" CHECK ("event_objects"."starts_at" IS NULL OR "event_objects"."ends_at" IS NULL OR "event_objects"."ends_at" > "event_objects"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "resource_banner_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_banner_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"banner" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"folder_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"url" text,
	"thumbnail" text,
	"size_bytes" integer,
	"is_premium" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resource_files_kind_ck" CHECK ("resource_files"."kind" IN ('pdf', 'image', 'video', 'cad', 'archive', 'link')),
	CONSTRAINT "resource_files_location_ck" CHECK ("resource_files"."path" IS NOT NULL OR "resource_files"."url" IS NOT NULL),
	CONSTRAINT "resource_files_downloads_ck" CHECK ("resource_files"."downloads" >= 0)
);
--> statement-breakpoint
CREATE TABLE "resource_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resource_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_premium" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_banners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "top_banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"content" text NOT NULL,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trip_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"trip_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_applications_user_trip_uq" UNIQUE("user_id","trip_id"),
	CONSTRAINT "trip_applications_status_ck" CHECK ("trip_applications"."status" IN ('submitted', 'shortlisted', 'accepted', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "trips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"location" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"price" integer,
	"dollar" integer,
	"thumbnail" text,
	"details" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_slug_uq" UNIQUE("slug"),
	CONSTRAINT "trips_dates_ck" CHECK ("trips"."start_date" IS NULL OR "trips"."end_date" IS NULL OR "trips"."end_date" >= "trips"."start_date"),
	CONSTRAINT "trips_prices_ck" CHECK (coalesce("trips"."price", 0) >= 0 AND coalesce("trips"."dollar", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupon_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"coupon_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_claims_status_ck" CHECK ("coupon_claims"."status" IN ('reserved', 'used', 'released'))
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text,
	"max_claims" integer,
	"claimed_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"workshop_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_ck" CHECK ("coupons"."kind" IN ('percent', 'flat')),
	CONSTRAINT "coupons_value_ck" CHECK (("coupons"."kind" = 'percent' AND "coupons"."value" BETWEEN 1 AND 100 AND "coupons"."currency" IS NULL) OR ("coupons"."kind" = 'flat' AND "coupons"."value" > 0 AND "coupons"."currency" IS NOT NULL)),
	CONSTRAINT "coupons_currency_ck" CHECK ("coupons"."currency" IS NULL OR "coupons"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "coupons_max_claims_ck" CHECK ("coupons"."max_claims" IS NULL OR "coupons"."max_claims" >= 0),
	CONSTRAINT "coupons_claimed_count_ck" CHECK ("coupons"."claimed_count" >= 0 AND ("coupons"."max_claims" IS NULL OR "coupons"."claimed_count" <= "coupons"."max_claims"))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"user_id" integer,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_scope_user_key_uq" UNIQUE NULLS NOT DISTINCT("scope","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "instalment_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instalment_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"order_id" integer,
	"total_minor" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instalment_plans_status_ck" CHECK ("instalment_plans"."status" IN ('active', 'completed', 'cancelled', 'defaulted')),
	CONSTRAINT "instalment_plans_total_ck" CHECK ("instalment_plans"."total_minor" > 0),
	CONSTRAINT "instalment_plans_currency_ck" CHECK ("instalment_plans"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_order_id" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "instalments_plan_sequence_uq" UNIQUE("plan_id","sequence"),
	CONSTRAINT "instalments_paid_order_uq" UNIQUE("paid_order_id"),
	CONSTRAINT "instalments_amount_ck" CHECK ("instalments"."amount_minor" > 0),
	CONSTRAINT "instalments_sequence_ck" CHECK ("instalments"."sequence" >= 1),
	CONSTRAINT "instalments_paid_ck" CHECK ("instalments"."paid_order_id" IS NULL OR "instalments"."paid_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "order_login_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_login_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_login_tokens_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"guest_name" text,
	"guest_email" text,
	"guest_mobile" text,
	"kind" text NOT NULL,
	"batch_id" integer,
	"instalment_id" integer,
	"consultation_package_id" integer,
	"amount_minor" bigint NOT NULL,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"coins_used" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"coupon_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_provider_order_id_uq" UNIQUE("provider_order_id"),
	CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" IN ('course', 'instalment', 'custom', 'competition', 'consultation', 'coins', 'recording')),
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" IN ('created', 'attempted', 'paid', 'failed', 'expired', 'refunded')),
	CONSTRAINT "orders_provider_ck" CHECK ("orders"."provider" IN ('sandbox', 'razorpay')),
	CONSTRAINT "orders_currency_ck" CHECK ("orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."amount_minor" >= 0 AND "orders"."discount_minor" >= 0 AND "orders"."coins_used" >= 0),
	CONSTRAINT "orders_batch_required_ck" CHECK ("orders"."kind" NOT IN ('course', 'instalment', 'recording') OR "orders"."batch_id" IS NOT NULL),
	CONSTRAINT "orders_owner_ck" CHECK ("orders"."user_id" IS NOT NULL OR "orders"."guest_email" IS NOT NULL OR "orders"."guest_mobile" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"provider_event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "payment_webhook_events_provider_event_id_uq" UNIQUE("provider_event_id"),
	CONSTRAINT "payment_webhook_events_provider_ck" CHECK ("payment_webhook_events"."provider" IN ('sandbox', 'razorpay'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider_payment_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"signature_verified" boolean DEFAULT false NOT NULL,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_payment_id_uq" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_status_ck" CHECK ("payments"."status" IN ('created', 'authorized', 'captured', 'failed', 'refunded')),
	CONSTRAINT "payments_currency_ck" CHECK ("payments"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "payments_amount_ck" CHECK ("payments"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider_refund_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "refunds_provider_refund_id_uq" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_uq" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_status_ck" CHECK ("refunds"."status" IN ('pending', 'processed', 'failed')),
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_minor" > 0),
	CONSTRAINT "refunds_currency_ck" CHECK ("refunds"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "coins_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coins_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"wallet_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"ref" text NOT NULL,
	"order_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coins_ledger_ref_uq" UNIQUE("ref"),
	CONSTRAINT "coins_ledger_delta_ck" CHECK ("coins_ledger"."delta" <> 0),
	CONSTRAINT "coins_ledger_reason_ck" CHECK ("coins_ledger"."reason" IN ('signup_bonus', 'referral_reward', 'purchase', 'spend', 'refund', 'reversal', 'admin_adjustment'))
);
--> statement-breakpoint
CREATE TABLE "coins_wallets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coins_wallets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"wallet_coins" integer DEFAULT 0 NOT NULL,
	"is_coin_popup_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coins_wallets_user_uq" UNIQUE("user_id"),
	CONSTRAINT "coins_wallets_balance_ck" CHECK ("coins_wallets"."wallet_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referral_claim_forms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_claim_forms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"upi_id" text,
	"coins" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "referral_claim_forms_coins_ck" CHECK ("referral_claim_forms"."coins" > 0),
	CONSTRAINT "referral_claim_forms_status_ck" CHECK ("referral_claim_forms"."status" IN ('submitted', 'approved', 'paid', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referrals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"qualifying_order_id" integer,
	"reward_ledger_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_referee_uq" UNIQUE("referee_id"),
	CONSTRAINT "referrals_reward_ledger_ref_uq" UNIQUE("reward_ledger_ref"),
	CONSTRAINT "referrals_not_self_ck" CHECK ("referrals"."referrer_id" <> "referrals"."referee_id"),
	CONSTRAINT "referrals_status_ck" CHECK ("referrals"."status" IN ('pending', 'qualified', 'rewarded', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "competition_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"team_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_registrations_competition_user_uq" UNIQUE("competition_id","user_id"),
	CONSTRAINT "competition_registrations_order_uq" UNIQUE("order_id"),
	CONSTRAINT "competition_registrations_status_ck" CHECK ("competition_registrations"."status" IN ('pending', 'confirmed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brief" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" integer DEFAULT 0 NOT NULL,
	"dollar" integer,
	"registration_deadline" date,
	"start_date" date,
	"end_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_slug_uq" UNIQUE("slug"),
	CONSTRAINT "competitions_prices_ck" CHECK ("competitions"."amount" >= 0 AND coalesce("competitions"."dollar", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"description" text NOT NULL,
	"crm_note_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_key" text NOT NULL,
	"name" text,
	"email" text,
	"mobile" text,
	"source" text,
	"user_id" integer,
	"payload" jsonb NOT NULL,
	"crm_lead_id" text,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_dedupe_key_uq" UNIQUE("dedupe_key"),
	CONSTRAINT "leads_crm_lead_id_uq" UNIQUE("crm_lead_id")
);
--> statement-breakpoint
CREATE TABLE "marketing_form_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketing_form_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"partner" text,
	"user_id" integer,
	"lead_id" integer,
	"payload" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketing_form_submissions_kind_ck" CHECK ("marketing_form_submissions"."kind" IN ('callback', 'campaign_lead', 'hire_us', 'competition_contact', 'curriculum_form', 'case_study', 'partner_contact', 'partner_subscribe', 'counselling', 'skill_test', 'video_testimonial', 'itinerary_request'))
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "message_outbox_channel_ck" CHECK ("message_outbox"."channel" IN ('email', 'sms')),
	CONSTRAINT "message_outbox_status_ck" CHECK ("message_outbox"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "outbox_dedupe_key_uq" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_status_ck" CHECK ("outbox"."status" IN ('pending', 'processing', 'done', 'dead')),
	CONSTRAINT "outbox_attempts_ck" CHECK ("outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "performance_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "performance_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"value" double precision,
	"path" text,
	"user_id" integer,
	"tracker_id" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utm_clicks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "utm_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"tracker_id" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"page_url" text,
	"clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessment_progresses" ADD CONSTRAINT "assessment_progresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_access_audit" ADD CONSTRAINT "moderator_access_audit_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_access_audit" ADD CONSTRAINT "moderator_access_audit_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderator_access_audit" ADD CONSTRAINT "moderator_access_audit_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_viewed_user_id_users_id_fk" FOREIGN KEY ("viewed_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_schedules" ADD CONSTRAINT "batch_schedules_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_subcategory_id_subcategories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_categories" ADD CONSTRAINT "course_categories_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_tags" ADD CONSTRAINT "meta_tags_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_responses" ADD CONSTRAINT "assignment_responses_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_responses" ADD CONSTRAINT "assignment_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_responses" ADD CONSTRAINT "assignment_responses_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_session_id_course_module_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."course_module_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_module_details" ADD CONSTRAINT "course_module_details_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_module_sessions" ADD CONSTRAINT "course_module_sessions_detail_id_course_module_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."course_module_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_ratings" ADD CONSTRAINT "feedback_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_ratings" ADD CONSTRAINT "feedback_ratings_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_certificate_modals" ADD CONSTRAINT "module_certificate_modals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "module_certificate_modals" ADD CONSTRAINT "module_certificate_modals_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_ratings" ADD CONSTRAINT "workshop_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_ratings" ADD CONSTRAINT "workshop_ratings_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_ratings" ADD CONSTRAINT "workshop_ratings_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_options" ADD CONSTRAINT "course_quiz_options_question_id_course_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."course_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_questions" ADD CONSTRAINT "course_quiz_questions_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_responses" ADD CONSTRAINT "course_quiz_responses_question_id_course_quiz_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."course_quiz_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_responses" ADD CONSTRAINT "course_quiz_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_responses" ADD CONSTRAINT "course_quiz_responses_option_question_fk" FOREIGN KEY ("option_id","question_id") REFERENCES "public"."course_quiz_options"("id","question_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quizzes" ADD CONSTRAINT "course_quizzes_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blogs" ADD CONSTRAINT "blogs_category_id_blog_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."blog_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_banners" ADD CONSTRAINT "campaign_banners_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_banner_clicks" ADD CONSTRAINT "resource_banner_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_files" ADD CONSTRAINT "resource_files_folder_id_resource_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."resource_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_folders" ADD CONSTRAINT "resource_folders_parent_id_resource_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."resource_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_applications" ADD CONSTRAINT "trip_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_applications" ADD CONSTRAINT "trip_applications_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_claims" ADD CONSTRAINT "coupon_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_plans" ADD CONSTRAINT "instalment_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_plan_id_instalment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."instalment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_login_tokens" ADD CONSTRAINT "order_login_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_instalment_id_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."instalments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consultation_package_id_consultation_packages_id_fk" FOREIGN KEY ("consultation_package_id") REFERENCES "public"."consultation_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_wallet_id_coins_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."coins_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coins_ledger" ADD CONSTRAINT "coins_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coins_wallets" ADD CONSTRAINT "coins_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_claim_forms" ADD CONSTRAINT "referral_claim_forms_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_qualifying_order_id_orders_id_fk" FOREIGN KEY ("qualifying_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_registrations" ADD CONSTRAINT "competition_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD CONSTRAINT "marketing_form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_form_submissions" ADD CONSTRAINT "marketing_form_submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_events" ADD CONSTRAINT "performance_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_clicks" ADD CONSTRAINT "utm_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderator_access_audit_moderator_idx" ON "moderator_access_audit" USING btree ("moderator_id","created_at");--> statement-breakpoint
CREATE INDEX "moderator_access_audit_learner_idx" ON "moderator_access_audit" USING btree ("learner_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otps_identifier_purpose_created_idx" ON "otps" USING btree ("identifier","purpose","created_at");--> statement-breakpoint
CREATE INDEX "otps_ip_created_idx" ON "otps" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "batch_schedules_batch_idx" ON "batch_schedules" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "batches_workshop_start_idx" ON "batches" USING btree ("workshop_id","start_date");--> statement-breakpoint
CREATE INDEX "categories_sequence_idx" ON "categories" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "course_categories_subcategory_sequence_idx" ON "course_categories" USING btree ("subcategory_id","sequence");--> statement-breakpoint
CREATE INDEX "course_categories_workshop_idx" ON "course_categories" USING btree ("workshop_id");--> statement-breakpoint
CREATE INDEX "meta_tags_workshop_idx" ON "meta_tags" USING btree ("workshop_id");--> statement-breakpoint
CREATE INDEX "subcategories_category_sequence_idx" ON "subcategories" USING btree ("category_id","sequence");--> statement-breakpoint
CREATE INDEX "workshops_type_idx" ON "workshops" USING btree ("type");--> statement-breakpoint
CREATE INDEX "assignment_responses_user_idx" ON "assignment_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "assignments_session_idx" ON "assignments" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "course_module_details_module_sequence_idx" ON "course_module_details" USING btree ("module_id","sequence");--> statement-breakpoint
CREATE INDEX "course_module_sessions_detail_sequence_idx" ON "course_module_sessions" USING btree ("detail_id","sequence");--> statement-breakpoint
CREATE INDEX "course_modules_batch_sequence_idx" ON "course_modules" USING btree ("batch_id","sequence");--> statement-breakpoint
CREATE INDEX "course_modules_workshop_sequence_idx" ON "course_modules" USING btree ("workshop_id","sequence");--> statement-breakpoint
CREATE INDEX "enrolments_batch_idx" ON "enrolments" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "workshop_ratings_workshop_idx" ON "workshop_ratings" USING btree ("workshop_id");--> statement-breakpoint
CREATE INDEX "course_quiz_options_question_idx" ON "course_quiz_options" USING btree ("question_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "course_quiz_options_one_correct_uq" ON "course_quiz_options" USING btree ("question_id") WHERE "course_quiz_options"."is_correct";--> statement-breakpoint
CREATE INDEX "course_quiz_questions_module_sequence_idx" ON "course_quiz_questions" USING btree ("module_id","sequence");--> statement-breakpoint
CREATE INDEX "course_quiz_responses_question_idx" ON "course_quiz_responses" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "blogs_published_idx" ON "blogs" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "blogs_category_published_idx" ON "blogs" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "campaign_banners_campaign_idx" ON "campaign_banners" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaigns_window_idx" ON "campaigns" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "resource_banner_clicks_banner_idx" ON "resource_banner_clicks" USING btree ("banner","created_at");--> statement-breakpoint
CREATE INDEX "resource_files_folder_idx" ON "resource_files" USING btree ("folder_id");--> statement-breakpoint
CREATE INDEX "resource_files_outer_idx" ON "resource_files" USING btree ("created_at") WHERE "resource_files"."folder_id" IS NULL;--> statement-breakpoint
CREATE INDEX "resource_folders_parent_idx" ON "resource_folders" USING btree ("parent_id","sequence");--> statement-breakpoint
CREATE INDEX "trip_applications_trip_idx" ON "trip_applications" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "trips_start_idx" ON "trips" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_claims_active_uq" ON "coupon_claims" USING btree ("coupon_id","user_id") WHERE "coupon_claims"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "coupon_claims_order_idx" ON "coupon_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_claims_user_idx" ON "coupon_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_lower_uq" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instalment_plans_user_batch_uq" ON "instalment_plans" USING btree ("user_id","batch_id") WHERE "instalment_plans"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "instalment_plans_order_idx" ON "instalment_plans" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "instalments_unpaid_due_idx" ON "instalments" USING btree ("due_date") WHERE "instalments"."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "order_login_tokens_order_idx" ON "order_login_tokens" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_batch_idx" ON "orders" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "orders_instalment_idx" ON "orders" USING btree ("instalment_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_unprocessed_idx" ON "payment_webhook_events" USING btree ("received_at") WHERE "payment_webhook_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coins_ledger_wallet_created_idx" ON "coins_ledger" USING btree ("wallet_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_claim_forms_user_idx" ON "referral_claim_forms" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_contact_created_idx" ON "leads" USING btree ("contact_key","created_at");--> statement-breakpoint
CREATE INDEX "marketing_form_submissions_kind_created_idx" ON "marketing_form_submissions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_recipient_created_idx" ON "message_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_available_idx" ON "outbox" USING btree ("status","available_at");--> statement-breakpoint
CREATE INDEX "performance_events_name_created_idx" ON "performance_events" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "utm_clicks_created_idx" ON "utm_clicks" USING btree ("created_at");