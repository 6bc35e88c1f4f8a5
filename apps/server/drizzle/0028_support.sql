CREATE TABLE "support_conversations" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"customer_name" text NOT NULL,
	"customer_username" text,
	"order_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" bigint,
	"assigned_name" text,
	"unread" integer DEFAULT 0 NOT NULL,
	"waiting" boolean DEFAULT true NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_text" text DEFAULT '' NOT NULL,
	"first_response_at" timestamp with time zone,
	"first_responder" bigint,
	"owner_alerted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" bigint,
	"rating" smallint,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_one_open_idx" ON "support_conversations" USING btree ("vendor_id","bot_id","chat_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "support_conversations_inbox_idx" ON "support_conversations" USING btree ("vendor_id","status","last_message_at");--> statement-breakpoint
CREATE TABLE "support_messages" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"media_kind" text,
	"media_file_id" text,
	"media_name" text,
	"author_id" bigint,
	"author_name" text,
	"delivery" text DEFAULT 'received' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE INDEX "support_messages_thread_idx" ON "support_messages" USING btree ("vendor_id","conversation_id","created_at");--> statement-breakpoint
CREATE TABLE "support_canned_replies" (
	"vendor_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_canned_replies_vendor_id_id_pk" PRIMARY KEY("vendor_id","id")
);
--> statement-breakpoint
CREATE INDEX "support_canned_replies_bot_idx" ON "support_canned_replies" USING btree ("vendor_id","bot_id","created_at");
