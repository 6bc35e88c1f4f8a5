CREATE TABLE "data_exports" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"types" jsonb NOT NULL,
	"range" text NOT NULL,
	"from_day" text,
	"to_day" text,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"requested_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "data_exports_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE INDEX "data_exports_created_idx" ON "data_exports" USING btree ("vendor_id","created_at");