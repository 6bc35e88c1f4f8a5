-- The product page's analytics chart: each day's shop views of a product, per bot, beside its units and revenue.
ALTER TABLE "product_daily_stats" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Reviews and ratings: one per order line, hidden ones count in no rating; the product keeps the visible sum.
ALTER TABLE "products" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"customer_id" uuid,
	"customer_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_vendor_id_id_pk" PRIMARY KEY("vendor_id","id"),
	CONSTRAINT "product_reviews_rating_ck" CHECK ("product_reviews"."rating" between 1 and 5)
);--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_vendor_id_product_id_products_vendor_id_id_fk" FOREIGN KEY ("vendor_id","product_id") REFERENCES "public"."products"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_line_uq" ON "product_reviews" USING btree ("vendor_id","order_item_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("vendor_id","product_id","created_at");
