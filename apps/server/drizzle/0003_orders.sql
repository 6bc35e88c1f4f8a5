CREATE TABLE "order_notes" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"text" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text,
	"author_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "order_status_counts" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product_type" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_usd_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_vendor_id_bot_id_status_product_type_pk" PRIMARY KEY("vendor_id","bot_id","status","product_type")
);
--> statement-breakpoint
CREATE TABLE "product_daily_stats" (
	"vendor_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_usd_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_stats_vendor_id_day_product_id_bot_id_pk" PRIMARY KEY("vendor_id","day","product_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "customer_bots" ADD COLUMN "first_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "revenue_usd_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "cancelled_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "completed_orders" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "active_customers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "carts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD COLUMN "checkouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "total_usd_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_vendor_id_order_id_orders_vendor_id_id_fk" FOREIGN KEY ("vendor_id","order_id") REFERENCES "public"."orders"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("vendor_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "product_daily_stats_product_idx" ON "product_daily_stats" USING btree ("vendor_id","product_id","day");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((lower(first_name || ' ' || coalesce(last_name, '') || ' @' || coalesce(username, ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_vendor_spent_idx" ON "customers" USING btree ("vendor_id","total_spent_minor");--> statement-breakpoint
CREATE INDEX "customers_vendor_recent_idx" ON "customers" USING btree ("vendor_id","last_order_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_vendor_type_idx" ON "orders" USING btree ("vendor_id","product_type","created_at" DESC NULLS LAST);