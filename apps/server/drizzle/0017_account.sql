CREATE TABLE "notification_settings" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_ups" (
	"vendor_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "step_ups_vendor_id_session_id_pk" PRIMARY KEY("vendor_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "two_step" (
	"vendor_id" uuid NOT NULL,
	"telegram_id" bigint NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"recovery_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_step" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"failures_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_step_vendor_id_telegram_id_pk" PRIMARY KEY("vendor_id","telegram_id")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "profile_image_url" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "deletion_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_ups" ADD CONSTRAINT "step_ups_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step" ADD CONSTRAINT "two_step_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_tokens_revoked_idx" ON "refresh_tokens" USING btree ("revoked_at") WHERE revoked_at is not null;