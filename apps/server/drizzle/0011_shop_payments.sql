CREATE TABLE "shop_downloads" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid,
	"media_id" uuid,
	"url" text,
	"max_downloads" integer NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_downloads_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "shop_payments" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"telegram_payment_charge_id" text,
	"provider_payment_charge_id" text,
	"provider_invoice_id" text,
	"provider_payment_id" text,
	"invoice_url" text,
	"payer_telegram_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "shop_payments_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "shop_downloads" ADD CONSTRAINT "shop_downloads_vendor_id_order_id_orders_vendor_id_id_fk" FOREIGN KEY ("vendor_id","order_id") REFERENCES "public"."orders"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_payments" ADD CONSTRAINT "shop_payments_vendor_id_order_id_orders_vendor_id_id_fk" FOREIGN KEY ("vendor_id","order_id") REFERENCES "public"."orders"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_downloads_id_idx" ON "shop_downloads" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_downloads_item_idx" ON "shop_downloads" USING btree ("vendor_id","order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_id_idx" ON "shop_payments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_payments_charge_idx" ON "shop_payments" USING btree ("telegram_payment_charge_id");--> statement-breakpoint
CREATE INDEX "shop_payments_order_idx" ON "shop_payments" USING btree ("vendor_id","order_id");