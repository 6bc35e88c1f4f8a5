DROP TABLE "activity_log" CASCADE;
--> statement-breakpoint
CREATE TABLE "events" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid,
	"type" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone,
	"dispatch_attempts" integer DEFAULT 0 NOT NULL,
	"dispatch_error" text,
	CONSTRAINT "events_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_id_idx" ON "events" USING btree ("id");--> statement-breakpoint
CREATE INDEX "events_vendor_created_idx" ON "events" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("vendor_id","subject_kind","subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" USING btree ("created_at") WHERE dispatched_at is null;
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"vendor_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"bot_id" uuid,
	"event" text NOT NULL,
	"category" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_name" text,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_log_vendor_id_event_id_pk" PRIMARY KEY("vendor_id","event_id")
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_vendor_occurred_idx" ON "activity_log" USING btree ("vendor_id","occurred_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_bot_occurred_idx" ON "activity_log" USING btree ("vendor_id","bot_id","occurred_at" DESC NULLS LAST);
