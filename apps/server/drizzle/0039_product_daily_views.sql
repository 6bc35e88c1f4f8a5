-- The product page's analytics chart: each day's shop views of a product, per bot, beside its units and revenue.
ALTER TABLE "product_daily_stats" ADD COLUMN "views" integer DEFAULT 0 NOT NULL;
