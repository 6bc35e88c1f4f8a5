CREATE TABLE "staff_members" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"telegram_id" bigint NOT NULL,
	"name" text NOT NULL,
	"username" text,
	"role" text NOT NULL,
	"permissions" jsonb NOT NULL,
	"managed_bots" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"notes" text,
	"invite_token_hash" text,
	"invite_expires_at" timestamp with time zone,
	"added_by" bigint,
	"joined_at" timestamp with time zone,
	"last_active_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_members_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_vendor_telegram_idx" ON "staff_members" USING btree ("vendor_id","telegram_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_invite_idx" ON "staff_members" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "staff_members_telegram_idx" ON "staff_members" USING btree ("telegram_id");