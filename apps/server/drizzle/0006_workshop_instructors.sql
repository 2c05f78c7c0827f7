CREATE TABLE "workshop_instructors" (
	"workshop_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workshop_instructors_pk" PRIMARY KEY("workshop_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workshop_instructors" ADD CONSTRAINT "workshop_instructors_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_instructors" ADD CONSTRAINT "workshop_instructors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workshop_instructors_user_idx" ON "workshop_instructors" USING btree ("user_id");