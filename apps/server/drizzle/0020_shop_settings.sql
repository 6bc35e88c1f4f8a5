CREATE TABLE "store_faqs" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_faqs_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_policies" (
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_policies_vendor_id_kind_pk" PRIMARY KEY("vendor_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" double precision;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_added_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_faqs" ADD CONSTRAINT "store_faqs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_policies" ADD CONSTRAINT "store_policies_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_faqs_vendor_created_idx" ON "store_faqs" USING btree ("vendor_id","created_at");