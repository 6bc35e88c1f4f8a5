-- The product's gallery auto-play (the product form's media tab): the shop's Mini App advances its pictures and
-- plays its videos muted, inline, when it is on.
ALTER TABLE "products" ADD COLUMN "gallery_auto_play" boolean DEFAULT false NOT NULL;
