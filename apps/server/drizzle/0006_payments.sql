CREATE TABLE "invoices" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"bot_id" uuid,
	"bot_name" text,
	"plan" text,
	"period" text,
	"purpose" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stars_amount" integer,
	"method" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text DEFAULT 'new' NOT NULL,
	"bot_id" uuid,
	"bot_username" text,
	"plan" text,
	"period" text,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"stars_amount" integer,
	"star_subscription" boolean DEFAULT false NOT NULL,
	"invoice_url" text,
	"telegram_charge_id" text,
	"payer_telegram_id" bigint,
	"provider_payment_id" text,
	"pay_address" text,
	"pay_amount" text,
	"pay_currency" text,
	"renewal_of" uuid,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reason" text NOT NULL,
	"reference" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
ALTER TABLE "bot_subscriptions" ADD COLUMN "reminded_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_idx" ON "invoices" USING btree ("vendor_id","payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_vendor_issued_idx" ON "invoices" USING btree ("vendor_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_id_idx" ON "payments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_telegram_charge_idx" ON "payments" USING btree ("telegram_charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_idx" ON "payments" USING btree ("method","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_vendor_bot_idx" ON "payments" USING btree ("vendor_id","bot_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_ledger_vendor_idx" ON "wallet_ledger" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_reference_idx" ON "wallet_ledger" USING btree ("vendor_id","reference","reason");