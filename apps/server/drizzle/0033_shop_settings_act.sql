-- The shipping tracking flag now acts (shipped needs a tracking number), so a bot's settings start with it off:
-- a vendor turns it on. Rows already saved keep what they hold.
ALTER TABLE "bot_settings" ALTER COLUMN "tracking_enabled" SET DEFAULT false;
