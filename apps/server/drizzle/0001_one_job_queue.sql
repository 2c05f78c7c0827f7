CREATE TABLE "jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_uq" UNIQUE("dedupe_key"),
	CONSTRAINT "jobs_status_ck" CHECK ("jobs"."status" IN ('pending', 'running', 'done', 'dead')),
	CONSTRAINT "jobs_attempts_ck" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
-- Hand-added (docs/decisions/0011): move the rows of the two old outbox tables into "jobs"
-- before they are dropped. "outbox" rows keep their topic, payload, key, attempts and error; a
-- row a worker held ('processing') becomes 'pending' with its lock cleared, so a runner takes it.
INSERT INTO "jobs" ("topic", "payload", "dedupe_key", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "updated_at", "finished_at")
SELECT "topic", "payload", "dedupe_key",
	CASE "status" WHEN 'processing' THEN 'pending' ELSE "status" END,
	"attempts", greatest(5, "attempts" + 1), "available_at", "last_error", "created_at",
	coalesce("processed_at", "created_at"), CASE WHEN "status" IN ('done', 'dead') THEN coalesce("processed_at", "created_at") END
FROM "outbox" ORDER BY "id";
--> statement-breakpoint
-- "message_outbox" rows become finished 'message.send' jobs: the only adapter that wrote them
-- (the local outbox) had nothing more to do, so none of them is ever sent again. 'failed' → dead.
INSERT INTO "jobs" ("topic", "payload", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at", "updated_at", "finished_at")
SELECT 'message.send',
	jsonb_build_object('channel', "channel", 'to', "recipient", 'subject', "subject", 'body', "body", 'kind', 'message'),
	CASE "status" WHEN 'failed' THEN 'dead' ELSE 'done' END,
	1, 5, "created_at", CASE "status" WHEN 'failed' THEN 'failed before the move to the job queue' END,
	"created_at", coalesce("sent_at", "created_at"), coalesce("sent_at", "created_at")
FROM "message_outbox" ORDER BY "created_at", "id";
--> statement-breakpoint
DROP TABLE "message_outbox" CASCADE;--> statement-breakpoint
DROP TABLE "outbox" CASCADE;--> statement-breakpoint
CREATE INDEX "jobs_pending_run_at_idx" ON "jobs" USING btree ("run_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_running_locked_at_idx" ON "jobs" USING btree ("locked_at") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "jobs_topic_status_idx" ON "jobs" USING btree ("topic","status");