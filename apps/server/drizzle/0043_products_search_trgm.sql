-- The shop's search also finds a product by its brand, its barcode or one of its tags: trigram indexes for
-- each, so an OR of the five ILIKEs stays a BitmapOr of index scans (one arm without an index turns the whole
-- search into a scan of every product). array_to_string is only STABLE: an IMMUTABLE wrapper can be indexed.
CREATE OR REPLACE FUNCTION products_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string(tags, ' ') $$;--> statement-breakpoint
CREATE INDEX "products_brand_trgm_idx" ON "products" USING gin ("brand" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_barcode_trgm_idx" ON "products" USING gin ("barcode" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_tags_trgm_idx" ON "products" USING gin (products_tags_text("tags") gin_trgm_ops) WITH (fastupdate=false);
