-- A refund or payout row is claimed by one escrow-job run before it calls the provider,
-- so overlapping runs never call twice (lib/domains/orders/settlement.ts).
ALTER TABLE "ledger_entries" ADD COLUMN "claimed_until" TIMESTAMPTZ(3);
