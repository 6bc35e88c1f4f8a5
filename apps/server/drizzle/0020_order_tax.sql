ALTER TABLE "order_items" ADD COLUMN "tax_rate" double precision;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_added_minor" bigint DEFAULT 0 NOT NULL;