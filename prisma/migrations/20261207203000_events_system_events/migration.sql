-- Messages the system writes are kept as events (a kind and its values) and rendered in
-- the reader's language (docs/messaging.md "System messages"). Every step may run again
-- (the conversion test does): rows already converted are left as they are.
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "event" TEXT,
ADD COLUMN IF NOT EXISTS "event_data" JSONB;

-- Offer messages written as Dutch text ("Bod: € 45,00", "Tegenbod: € 45,00") become
-- offer events with the offer's amount in cents and who made it.
UPDATE "messages" AS m
SET "event" = 'offer',
    "event_data" = jsonb_build_object('offer_id', f."id", 'amount_cents', f."amount_cents", 'made_by', f."made_by")
FROM "offers" AS f
WHERE f."id" = m."offer_id" AND m."event" IS NULL;

-- Notification values written as Dutch text become values to format when read: money
-- ("€ 1.234,50") as integer cents under <key>Cents, deadlines ("4-12-2026 15:30", Dutch
-- time) as ISO times under <key>At.
DO $$
DECLARE
  k TEXT;
BEGIN
  FOREACH k IN ARRAY ARRAY['amount', 'paid', 'expected', 'returnShipping', 'oldPrice', 'newPrice'] LOOP
    UPDATE "notifications"
    SET "data" = ("data" - k) || jsonb_build_object(
      k || 'Cents',
      round(replace(replace(regexp_replace("data" ->> k, '[^0-9,.-]', '', 'g'), '.', ''), ',', '.')::numeric * 100)::int
    )
    WHERE jsonb_typeof("data") = 'object' AND "data" ->> k ~ '^€[^0-9-]*-?[0-9.]*[0-9],[0-9]{2}$';
  END LOOP;
  FOREACH k IN ARRAY ARRAY['shipBy', 'claimUntil', 'handInBy', 'inspectUntil'] LOOP
    UPDATE "notifications"
    SET "data" = ("data" - k) || jsonb_build_object(
      k || 'At',
      to_char(
        (to_timestamp("data" ->> k, 'DD-MM-YYYY HH24:MI')::timestamp AT TIME ZONE 'Europe/Amsterdam') AT TIME ZONE 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
      )
    )
    WHERE jsonb_typeof("data") = 'object' AND "data" ->> k ~ '^[0-9]{1,2}-[0-9]{1,2}-[0-9]{4} [0-9]{2}:[0-9]{2}$';
  END LOOP;
END $$;
