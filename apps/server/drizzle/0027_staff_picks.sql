CREATE TABLE "staff_picks" (
	"vendor_id" uuid NOT NULL,
	"requested_by" bigint NOT NULL,
	"request_id" integer NOT NULL,
	"draft" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_picks_vendor_id_requested_by_request_id_pk" PRIMARY KEY("vendor_id","requested_by","request_id")
);
--> statement-breakpoint
ALTER TABLE "staff_picks" ADD CONSTRAINT "staff_picks_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_picks_request_idx" ON "staff_picks" USING btree ("requested_by","request_id");
