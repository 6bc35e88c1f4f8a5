CREATE TABLE "vendor_daily_stats" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	"revenue_usd_minor" bigint DEFAULT 0 NOT NULL,
	"cancelled_orders" integer DEFAULT 0 NOT NULL,
	"completed_orders" integer DEFAULT 0 NOT NULL,
	"active_customers" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"carts" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_daily_stats_vendor_id_day_pk" PRIMARY KEY("vendor_id","day")
);
--> statement-breakpoint
CREATE TABLE "vendor_order_status_counts" (
	"vendor_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product_type" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_usd_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_order_status_counts_vendor_id_status_product_type_pk" PRIMARY KEY("vendor_id","status","product_type")
);
--> statement-breakpoint
CREATE TABLE "vendor_product_daily_stats" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_usd_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_product_daily_stats_vendor_id_day_product_id_pk" PRIMARY KEY("vendor_id","day","product_id")
);
--> statement-breakpoint
ALTER TABLE "vendor_daily_stats" ADD CONSTRAINT "vendor_daily_stats_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_order_status_counts" ADD CONSTRAINT "vendor_order_status_counts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_product_daily_stats" ADD CONSTRAINT "vendor_product_daily_stats_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;