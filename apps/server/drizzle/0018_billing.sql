CREATE TABLE "billing_charge_attempts" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"attempt" integer NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"failure_code" text,
	"provider_charge_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_charge_attempts_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"provider_payment_method_id" text,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payment_methods_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "fee_settlements" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"method" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_settlements_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "payout_settings" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"fee_minor" bigint NOT NULL,
	"manual" boolean NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charge_attempts_subject_idx" ON "billing_charge_attempts" USING btree ("vendor_id","subject","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_default_idx" ON "billing_payment_methods" USING btree ("vendor_id") WHERE "billing_payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_type_idx" ON "billing_payment_methods" USING btree ("vendor_id","type") WHERE "billing_payment_methods"."type" <> 'card';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payment_methods_card_idx" ON "billing_payment_methods" USING btree ("vendor_id","provider_payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_settlements_month_idx" ON "fee_settlements" USING btree ("vendor_id","month");