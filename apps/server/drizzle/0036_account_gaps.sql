-- Issue 21: a new profile e-mail is proven by a 6-digit code before any mail goes to it. Addresses saved before
-- this existed were given by the vendor in their own profile and have received mail since: they count as proven.
ALTER TABLE "vendors" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "vendors" SET "email_verified_at" = "updated_at" WHERE "email" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Issue 21: Web Push, the browsers where a member turned it on (modules/notifications).
CREATE TABLE "push_subscriptions" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"telegram_id" bigint NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("vendor_id","endpoint");
