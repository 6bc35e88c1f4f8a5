-- A customer's photo or document in a support conversation is stored through the media module (an upload the
-- media sweep keeps while a message names it): the message names its upload.
ALTER TABLE "support_messages" ADD COLUMN "media_upload_id" uuid;
