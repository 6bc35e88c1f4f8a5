-- Issue 21: devices bound for biometric step-up (Telegram's BiometricManager), the secret's SHA-256 only.
CREATE TABLE "biometric_devices" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"telegram_id" bigint NOT NULL,
	"device_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"device" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "biometric_devices_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);--> statement-breakpoint
ALTER TABLE "biometric_devices" ADD CONSTRAINT "biometric_devices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "biometric_devices_person_device_idx" ON "biometric_devices" USING btree ("vendor_id","telegram_id","device_id");
