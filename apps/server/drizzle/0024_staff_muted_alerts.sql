ALTER TABLE "staff_members" ADD COLUMN "muted_alerts" jsonb DEFAULT '[]'::jsonb NOT NULL;
