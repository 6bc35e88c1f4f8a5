CREATE TABLE "campaigns" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text,
	"text" text NOT NULL,
	"photo_url" text,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segment" text NOT NULL,
	"search" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"vendor_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"telegram_id" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_vendor_id_campaign_id_customer_id_pk" PRIMARY KEY("vendor_id","campaign_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "abandoned_cart_settings" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"hours" integer DEFAULT 6 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "abandoned_cart_settings_vendor_id_bot_id_pk" PRIMARY KEY("vendor_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "customer_bots" ADD COLUMN "promotions_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_sessions" ADD COLUMN "cart_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_sessions" ADD COLUMN "cart_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_fk" FOREIGN KEY ("vendor_id","campaign_id") REFERENCES "public"."campaigns"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_cart_settings" ADD CONSTRAINT "abandoned_cart_settings_bot_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_vendor_created_idx" ON "campaigns" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("vendor_id","campaign_id","state");--> statement-breakpoint
CREATE INDEX "shop_sessions_cart_due_idx" ON "shop_sessions" USING btree ("vendor_id","bot_id","cart_changed_at") WHERE "cart_reminded_at" IS NULL AND "cart" <> '[]'::jsonb;
