/**
 * The JSON the admin routes answer with, as zod output schemas: the services are typed
 * by them and the OpenAPI document shows them, so the two cannot drift. Users, products
 * and orders in the shapes of their own domains; money in euros, times ISO 8601.
 */
import { z } from "zod";
import { userJson } from "@/lib/domains/accounts";
import { productJson } from "@/lib/domains/catalog";

const iso = z.string().describe("ISO 8601");
const count = z.number().int();

/** A user as the admin list shows them: the account's own fields and the payout hold. */
const adminUserJson = userJson.extend({
  payouts_held: z.boolean().describe("An admin holds the user's payouts (PUT .../release-payouts ends it)"),
});

export const adminUsersJson = z.object({ users: z.array(adminUserJson), total: count.describe("Users matching the search, all pages") });

/** Verify, ban, unban: the user after the change. */
export const adminUserChangeJson = z.object({ message: z.string(), user: userJson });

/** Hold or release a user's payouts: the hold after the change. */
export const payoutHoldJson = z.object({
  message: z.string(),
  user_id: z.string(),
  payouts_held: z.boolean(),
  payouts_held_at: iso.nullable().describe("Since when; null when not held"),
  statement_id: z.string().nullable().describe("The statement of reasons of the hold; null when not held"),
});
export type PayoutHoldJson = z.output<typeof payoutHoldJson>;

/** A product as an admin sees it on the product page, plus what moderation needs. */
const adminProductJson = productJson.extend({
  image: z.string().nullable().describe("The first thumbnail"),
  seller_banned: z.boolean(),
  hidden: z.boolean().describe("Hidden from the public: the seller is banned"),
});
export type AdminProductJson = z.output<typeof adminProductJson>;

export const adminProductsJson = z.object({ products: z.array(adminProductJson), total: count.describe("Products matching the search, all pages") });

export const featuredJson = z.object({ message: z.string(), product: adminProductJson });

export const removedProductJson = z.object({ message: z.string(), id: z.string(), title: z.string() });

const dailyPoint = z.object({
  date: z.string().describe("YYYY-MM-DD, the day in Amsterdam"),
  orders: count.describe("Orders paid that day"),
  fees: z.number().describe("Euros: the buyer protection fees of that day's paid orders not refunded"),
  users: count.describe("Accounts made that day"),
});
export type DailyPoint = z.output<typeof dailyPoint>;

export const adminStatsJson = z.object({
  total_users: count,
  total_products: count,
  total_revenue: z.number().describe("Euros: the fees of paid orders not refunded"),
  total_transactions: count.describe("Paid orders"),
  pending_orders: count.describe("Unpaid or in escrow"),
  open_tickets: count.describe("Open or in progress"),
  total_tickets: count,
  today: z.object({ users: count, products: count, transactions: count }).describe("Since midnight in Amsterdam"),
  daily: z.array(dailyPoint).describe("The last 30 days, oldest first, days without any included"),
});
export type AdminStats = z.output<typeof adminStatsJson>;
