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
