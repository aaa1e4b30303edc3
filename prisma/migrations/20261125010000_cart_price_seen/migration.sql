-- The price the buyer last saw for a cart item: a checkout refuses a higher one.
ALTER TABLE "cart_items" ADD COLUMN "price_cents" INTEGER;
