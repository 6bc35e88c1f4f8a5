ALTER TABLE "customers" ADD COLUMN "language_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variation_id" uuid;--> statement-breakpoint
CREATE INDEX "orders_reserved_until_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."reserved_until" is not null and status = 'pending' and payment_status = 'pending';