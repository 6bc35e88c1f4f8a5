CREATE TABLE "bot_star_transactions" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"telegram_id" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"partner" text NOT NULL,
	"user_id" bigint,
	"payload" text,
	"order_id" uuid,
	"order_number" text,
	"match" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_star_transactions_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE TABLE "bot_star_balances" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"balance" bigint NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_star_balances_vendor_id_bot_id_pk" PRIMARY KEY("vendor_id","bot_id")
);
--> statement-breakpoint
ALTER TABLE "bot_star_transactions" ADD CONSTRAINT "bot_star_transactions_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_star_balances" ADD CONSTRAINT "bot_star_balances_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_star_transactions_seq_idx" ON "bot_star_transactions" USING btree ("vendor_id","bot_id","seq");--> statement-breakpoint
CREATE INDEX "bot_star_transactions_match_idx" ON "bot_star_transactions" USING btree ("vendor_id","match");
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_payout_id" text;--> statement-breakpoint
CREATE INDEX "payouts_crypto_open_idx" ON "payouts" USING btree ("status") WHERE "method" = 'crypto' AND "status" IN ('pending', 'processing');
