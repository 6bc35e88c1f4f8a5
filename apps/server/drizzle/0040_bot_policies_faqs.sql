-- Per-bot policies and FAQs: a bot may have its own version of a policy, and its own FAQ list; the shop answers
-- with the bot's own when it has one, else the vendor's (bot_id null, for all bots).
ALTER TABLE "store_policies" DROP CONSTRAINT "store_policies_vendor_id_kind_pk";--> statement-breakpoint
ALTER TABLE "store_policies" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "store_policies" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "store_policies" ADD CONSTRAINT "store_policies_vendor_id_id_pk" PRIMARY KEY("vendor_id","id");--> statement-breakpoint
ALTER TABLE "store_policies" ADD CONSTRAINT "store_policies_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_policies_vendor_kind_uq" ON "store_policies" USING btree ("vendor_id","kind") WHERE "store_policies"."bot_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_policies_bot_kind_uq" ON "store_policies" USING btree ("vendor_id","bot_id","kind") WHERE "store_policies"."bot_id" is not null;--> statement-breakpoint
ALTER TABLE "store_faqs" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "store_faqs" ADD CONSTRAINT "store_faqs_vendor_id_bot_id_bots_vendor_id_id_fk" FOREIGN KEY ("vendor_id","bot_id") REFERENCES "public"."bots"("vendor_id","id") ON DELETE cascade ON UPDATE no action;
