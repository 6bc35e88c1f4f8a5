CREATE TABLE "bot_filter_words" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"word" text NOT NULL,
	"action" text NOT NULL,
	"severity" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_filter_words_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "bot_payment_providers" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"configured" boolean DEFAULT false NOT NULL,
	"currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"secrets_ciphertext" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_payment_providers_vendor_id_bot_id_provider_pk" PRIMARY KEY("vendor_id","bot_id","provider")
);
--> statement-breakpoint
CREATE TABLE "bot_settings" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"store" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"welcome_buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"filter_lists" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracking_enabled" boolean DEFAULT true NOT NULL,
	"free_shipping_threshold_minor" bigint,
	"cache_cleared_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_settings_vendor_id_bot_id_pk" PRIMARY KEY("vendor_id","bot_id")
);
--> statement-breakpoint
CREATE TABLE "bot_shipping_methods" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" bigint NOT NULL,
	"estimated_days" text DEFAULT '' NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_shipping_methods_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "bot_filter_words" ADD CONSTRAINT "bot_filter_words_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_payment_providers" ADD CONSTRAINT "bot_payment_providers_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_settings" ADD CONSTRAINT "bot_settings_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_shipping_methods" ADD CONSTRAINT "bot_shipping_methods_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_filter_words_word_idx" ON "bot_filter_words" USING btree ("bot_id","word");--> statement-breakpoint
CREATE INDEX "bot_payment_providers_bot_idx" ON "bot_payment_providers" USING btree ("bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_settings_bot_idx" ON "bot_settings" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "bot_shipping_methods_bot_idx" ON "bot_shipping_methods" USING btree ("bot_id","created_at");