ALTER TABLE "vendors" ALTER COLUMN "language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
-- Until now every vendor got 'en' by default, never by choice: let them follow Telegram until they pick one.
UPDATE "vendors" SET "language" = NULL;