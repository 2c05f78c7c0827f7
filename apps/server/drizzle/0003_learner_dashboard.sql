CREATE TABLE "course_quiz_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "course_quiz_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"attempt" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_quiz_attempts_user_module_uq" UNIQUE("user_id","module_id"),
	CONSTRAINT "course_quiz_attempts_attempt_ck" CHECK ("course_quiz_attempts"."attempt" >= 1)
);
--> statement-breakpoint
ALTER TABLE "assignment_responses" ADD COLUMN "pdf_name" text;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_files_search_idx" ON "resource_files" USING gin (to_tsvector('english'::regconfig, regexp_replace("name", '[._/-]+', ' ', 'g') || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "resource_folders_search_idx" ON "resource_folders" USING gin (to_tsvector('english'::regconfig, regexp_replace("name", '[._/-]+', ' ', 'g') || ' ' || "description"));