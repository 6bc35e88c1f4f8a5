CREATE TABLE "shop_sessions" (
	"vendor_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"cart" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"step" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_sessions_vendor_id_bot_id_telegram_user_id_pk" PRIMARY KEY("vendor_id","bot_id","telegram_user_id")
);
--> statement-breakpoint
ALTER TABLE "shop_sessions" ADD CONSTRAINT "shop_sessions_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;