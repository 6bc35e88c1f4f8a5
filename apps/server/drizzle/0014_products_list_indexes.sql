DROP INDEX "products_vendor_created_idx";--> statement-breakpoint
DROP INDEX "products_name_trgm_idx";--> statement-breakpoint
DROP INDEX "products_sku_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_state" text GENERATED ALWAYS AS (case
        when "products"."product_type" = 'digital'
          and coalesce("products"."digital_type", "products"."details"->>'digitalType', 'downloadable') = 'downloadable'
          then 'available'
        when "products"."product_type" = 'service' then 'in_stock'
        when "products"."product_type" = 'physical' and not "products"."track_inventory" then 'in_stock'
        when "products"."stock" <= 0 then 'out_of_stock'
        when "products"."stock" < "products"."min_stock" then 'low_stock'
        else 'in_stock' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_vendor_created_id_idx" ON "products" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_vendor_stock_state_idx" ON "products" USING btree ("vendor_id","product_type","stock_state");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_sku_trgm_idx" ON "products" USING gin ("sku" gin_trgm_ops) WITH (fastupdate=false);