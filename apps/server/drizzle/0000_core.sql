CREATE TABLE "activity_log" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid,
	"actor_telegram_id" bigint,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "bot_subscriptions" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"billing_period" text DEFAULT 'monthly' NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"fee_bps" integer NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_subscriptions_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "bots" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"telegram_bot_id" bigint NOT NULL,
	"username" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"token_ciphertext" text NOT NULL,
	"token_hash" text NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"welcome_message" text,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_verified" boolean DEFAULT true NOT NULL,
	"webhook_url" text,
	"webhook_secret_ciphertext" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"integrations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bots_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"status" text DEFAULT 'active' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "product_bots" (
	"vendor_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	CONSTRAINT "product_bots_vendor_id_product_id_bot_id_pk" PRIMARY KEY("vendor_id","product_id","bot_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"short_description" text,
	"sku" text,
	"barcode" text,
	"product_type" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"compare_price_minor" bigint,
	"cost_price_minor" bigint,
	"currency" text DEFAULT 'USD' NOT NULL,
	"category_id" uuid,
	"subcategory_id" uuid,
	"brand" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"min_stock" integer DEFAULT 5 NOT NULL,
	"track_inventory" boolean DEFAULT true NOT NULL,
	"allow_backorder" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"all_bots" boolean DEFAULT true NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "subcategories" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subcategories_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "customer_bots" (
	"vendor_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_spent_minor" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	CONSTRAINT "customer_bots_vendor_id_customer_id_bot_id_pk" PRIMARY KEY("vendor_id","customer_id","bot_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"telegram_id" bigint NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"username" text,
	"email" text,
	"phone" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_spent_minor" bigint DEFAULT 0 NOT NULL,
	"last_order_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "bot_daily_stats" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"day" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"new_customers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bot_daily_stats_vendor_id_bot_id_day_pk" PRIMARY KEY("vendor_id","bot_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bot_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"product_type" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"item_count" integer NOT NULL,
	"note" text,
	"shipping" jsonb,
	"digital_info" jsonb,
	"service_info" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"telegram_id" bigint NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "telegram_identities" (
	"vendor_id" uuid NOT NULL,
	"telegram_id" bigint NOT NULL,
	"role" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"username" text,
	"photo_url" text,
	"language_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_identities_vendor_id_telegram_id_pk" PRIMARY KEY("vendor_id","telegram_id")
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_name" text NOT NULL,
	"email" text,
	"phone" text,
	"company" text,
	"website" text,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_subscriptions" ADD CONSTRAINT "bot_subscriptions_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bots" ADD CONSTRAINT "product_bots_vendor_id_product_id_products_vendor_id_id_fk" FOREIGN KEY ("vendor_id","product_id") REFERENCES "public"."products"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_bots" ADD CONSTRAINT "product_bots_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_category_id_categories_vendor_id_id_fk" FOREIGN KEY ("vendor_id","category_id") REFERENCES "public"."categories"("vendor_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_subcategory_id_subcategories_vendor_id_id_fk" FOREIGN KEY ("vendor_id","subcategory_id") REFERENCES "public"."subcategories"("vendor_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subcategories" ADD CONSTRAINT "subcategories_vendor_id_category_id_categories_vendor_id_id_fk" FOREIGN KEY ("vendor_id","category_id") REFERENCES "public"."categories"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bots" ADD CONSTRAINT "customer_bots_vendor_id_customer_id_customers_vendor_id_id_fk" FOREIGN KEY ("vendor_id","customer_id") REFERENCES "public"."customers"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bots" ADD CONSTRAINT "customer_bots_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_daily_stats" ADD CONSTRAINT "bot_daily_stats_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_vendor_id_order_id_orders_vendor_id_id_fk" FOREIGN KEY ("vendor_id","order_id") REFERENCES "public"."orders"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vendor_id_customer_id_customers_vendor_id_id_fk" FOREIGN KEY ("vendor_id","customer_id") REFERENCES "public"."customers"("vendor_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_identities" ADD CONSTRAINT "telegram_identities_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_vendor_created_idx" ON "activity_log" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_log_bot_created_idx" ON "activity_log" USING btree ("vendor_id","bot_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bot_subscriptions_bot_idx" ON "bot_subscriptions" USING btree ("vendor_id","bot_id","created_at");--> statement-breakpoint
CREATE INDEX "bot_subscriptions_ends_idx" ON "bot_subscriptions" USING btree ("ends_at") WHERE status in ('trial', 'active');--> statement-breakpoint
CREATE UNIQUE INDEX "bots_token_hash_idx" ON "bots" USING btree ("token_hash") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bots_username_idx" ON "bots" USING btree (lower("username")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "bots_vendor_created_idx" ON "bots" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("vendor_id","name");--> statement-breakpoint
CREATE INDEX "product_bots_bot_idx" ON "product_bots" USING btree ("vendor_id","bot_id");--> statement-breakpoint
CREATE INDEX "products_vendor_created_idx" ON "products" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "products_vendor_type_idx" ON "products" USING btree ("vendor_id","product_type");--> statement-breakpoint
CREATE INDEX "products_vendor_category_idx" ON "products" USING btree ("vendor_id","category_id");--> statement-breakpoint
CREATE INDEX "subcategories_category_idx" ON "subcategories" USING btree ("vendor_id","category_id");--> statement-breakpoint
CREATE INDEX "customer_bots_bot_idx" ON "customer_bots" USING btree ("vendor_id","bot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_telegram_idx" ON "customers" USING btree ("vendor_id","telegram_id");--> statement-breakpoint
CREATE INDEX "customers_vendor_created_idx" ON "customers" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_vendor_last_order_idx" ON "customers" USING btree ("vendor_id","last_order_at");--> statement-breakpoint
CREATE INDEX "bot_daily_stats_day_idx" ON "bot_daily_stats" USING btree ("vendor_id","day");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("vendor_id","order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("vendor_id","product_id");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_vendor_status_idx" ON "orders" USING btree ("vendor_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_vendor_bot_idx" ON "orders" USING btree ("vendor_id","bot_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_vendor_customer_idx" ON "orders" USING btree ("vendor_id","customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("vendor_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("vendor_id","family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "telegram_identities_telegram_id_idx" ON "telegram_identities" USING btree ("telegram_id");