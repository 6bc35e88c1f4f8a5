CREATE TABLE "plan_fees" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" integer,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"fee_bps" integer NOT NULL,
	"sale_usd_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"event_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_fees_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "stopped_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_fees_order_idx" ON "plan_fees" USING btree ("vendor_id","order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_fees_event_idx" ON "plan_fees" USING btree ("vendor_id","event_id");--> statement-breakpoint
CREATE INDEX "plan_fees_vendor_occurred_idx" ON "plan_fees" USING btree ("vendor_id","occurred_at");--> statement-breakpoint
-- Bots the expiry job stopped before this column existed: their last start or stop says so.
UPDATE "bots" b SET "stopped_reason" = 'subscription.expired'
WHERE NOT b."is_active" AND b."deleted_at" IS NULL AND (
  SELECT e."payload"->>'reason' FROM "events" e
  WHERE e."vendor_id" = b."vendor_id" AND e."bot_id" = b."id" AND e."type" IN ('bot.started', 'bot.stopped')
  ORDER BY e."created_at" DESC LIMIT 1
) = 'subscription.expired';
