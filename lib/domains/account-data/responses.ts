/**
 * The data export (GET /api/users/me/export, docs/account-data.md) as a zod output
 * schema: the export is typed by it and the OpenAPI document shows it, so the two cannot
 * drift. Each section is in the shape of the API where one exists (users, orders,
 * offers, reviews, tickets, reports, statements, notifications, the tax profile). Money
 * in euros, except a checkout's `amount_total` (cents); times ISO 8601, null when not (yet) so.
 */
import { z } from "zod";
import { MAIL_CATEGORIES } from "@/lib/platform/mail/categories";
import { PUSH_CATEGORIES } from "@/lib/platform/push/categories";
import { userJson } from "@/lib/domains/accounts";
import { notificationJson } from "@/lib/domains/notifications";
import { offerJson } from "@/lib/domains/offers";
import { orderJson } from "@/lib/domains/orders";
import { reportJson } from "@/lib/domains/reports";
import { reviewJson } from "@/lib/domains/reviews";
import { statementWithAppealsJson } from "@/lib/domains/statements";
import { replyJson, ticketJson } from "@/lib/domains/support";
import { taxProfileJson } from "@/lib/domains/tax";

const iso = z.string().describe("ISO 8601");
const euros = z.number().describe("Euros, at most 2 decimals");
const coordinates = z.object({ lat: z.number(), lng: z.number() });

const profile = userJson.extend({
  updated_at: iso,
  rating_average: z.number().nullable().describe("As a seller, 2 decimals; null without ratings"),
  rating_count: z.number().int(),
  locale: z.string().describe("The language of mails and notifications (nl, en)"),
  email_verified_at: iso.nullable(),
  trader_certified_at: iso.nullable(),
  payouts_held_at: iso.nullable().describe("An admin's payout hold"),
  payouts_hold_statement_id: z.string().nullable(),
  last_active_at: iso.nullable(),
  response_minutes: z.number().int().nullable().describe("The usual time to reply to a message"),
  mail_preferences: z.record(z.enum(MAIL_CATEGORIES), z.boolean()),
  push_preferences: z.record(z.enum(PUSH_CATEGORIES), z.boolean()),
});

const listing = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: euros,
  previous_price: euros.nullable(),
  price_dropped_at: iso.nullable(),
  category: z.string(),
  condition: z.string(),
  status: z.string().describe("available, reserved or sold"),
  is_sold: z.boolean(),
  is_featured: z.boolean(),
  images: z.array(z.object({ url: z.string(), thumbnail_url: z.string().nullable(), position: z.number().int() })),
  location_id: z.string().nullable(),
  pickup_location: z
    .object({ coordinates, address: z.string(), approximate: z.boolean(), postcode: z.string().nullable(), city: z.string().nullable() })
    .nullable()
    .describe("The exact address and position, as the seller sees them"),
  hidden_at: iso.nullable().describe("Hidden from the public while the seller was banned"),
  deleted_at: iso.nullable().describe("Withdrawn; kept for its orders"),
  created_at: iso,
  updated_at: iso,
});

const exportedOrder = orderJson.omit({ actions: true, checkout_url: true }).extend({
  payout_blocked_at: iso.nullable().describe("A sale whose payout found no payout account"),
  ledger: z
    .array(z.object({ kind: z.string(), amount: euros, currency: z.string(), state: z.enum(["done", "processing"]), created_at: iso }))
    .describe("Payment and refund for the buyer, the payout for the seller"),
});

const returnJson = z.object({
  id: z.string(),
  order_id: z.string(),
  role: z.enum(["buyer", "seller"]),
  reason: z.string().describe("not_as_described or withdrawal"),
  status: z.string(),
  carrier: z.string(),
  tracking_code: z.string(),
  label_price: euros,
  label_paid_by: z.string().describe("platform or buyer"),
  refund: euros,
  hand_in_by: iso,
  shipped_at: iso.nullable(),
  delivered_at: iso.nullable(),
  inspect_until: iso.nullable(),
  problem: z
    .object({ description: z.string().nullable(), photos: z.array(z.string()), reported_at: iso })
    .nullable()
    .describe("Only the seller's own problem report"),
  events: z.array(z.object({ status: z.string(), at: iso })),
  created_at: iso,
});

const conversation = z.object({
  id: z.string(),
  role: z.enum(["buyer", "seller"]),
  product_id: z.string().nullable(),
  product_title: z.string().nullable(),
  other_user: z.object({ id: z.string(), name: z.string().describe("Anonymous for a deleted account") }),
  created_at: iso,
  last_message_at: iso,
  last_read_at: iso.nullable(),
  messages: z.array(
    z.object({
      id: z.string(),
      sender_id: z.string(),
      from_me: z.boolean(),
      content: z.string(),
      warning: z.string().nullable(),
      offer_id: z.string().nullable(),
      created_at: iso,
    }),
  ),
  offers: z.array(offerJson.extend({ responded_at: iso.nullable() })),
});

const savedProduct = z.object({
  product_id: z.string(),
  title: z.string(),
  price: euros,
  status: z.string().describe("available, reserved, sold or withdrawn"),
  added_at: iso,
});

/** A stored checkout destination, in the shape of GET /api/shipping/address. */
const destinationPart = z.record(z.string(), z.unknown()).nullable();
export type JsonObject = z.output<typeof destinationPart>;

export const exportJson = z.object({
  format: z.literal("kringwaar-export"),
  version: z.literal(1),
  exported_at: iso,
  profile,
  payout_account: z
    .object({ provider: z.string(), details_submitted: z.boolean(), payouts_enabled: z.boolean(), created_at: iso, updated_at: iso })
    .nullable()
    .describe("Never the provider's account id; null when not set up"),
  sessions: z.array(z.object({ kind: z.string().describe("bearer or web"), created_at: iso, expires_at: iso, revoked_at: iso.nullable() })),
  listings: z.array(listing),
  locations: z.array(
    z.object({
      id: z.string(),
      address: z.string(),
      formatted_address: z.string().nullable(),
      postcode: z.string().nullable(),
      city: z.string().nullable(),
      coordinates,
      created_at: iso,
    }),
  ),
  orders: z.object({ as_buyer: z.array(exportedOrder), as_seller: z.array(exportedOrder) }),
  returns: z.object({
    sender_address: z
      .object({ street: z.string(), house_number: z.string(), house_number_suffix: z.string().nullable(), postcode: z.string(), city: z.string(), updated_at: iso })
      .nullable(),
    returns: z.array(returnJson),
  }),
  checkout_sessions: z.array(
    z.object({
      session_id: z.string(),
      provider: z.string(),
      status: z.string().describe("open, complete or expired"),
      payment_status: z.string().describe("unpaid, paid or failed"),
      amount_total: z.number().int().describe("Cents"),
      currency: z.string(),
      transaction_ids: z.array(z.string()),
      created_at: iso,
      expires_at: iso,
      completed_at: iso.nullable(),
    }),
  ),
  conversations: z.array(conversation),
  reviews: z.object({
    written: z.array(reviewJson.extend({ order_id: z.string().nullable() })),
    received: z.array(reviewJson.extend({ order_id: z.string().nullable() })),
  }),
  support_tickets: z.array(ticketJson.extend({ replies: z.array(replyJson) })),
  reports: z.array(reportJson).describe("Reports the user filed"),
  statements_of_reasons: z.array(statementWithAppealsJson),
  tax: z.object({
    profile: taxProfileJson.extend({ created_at: iso }).nullable(),
    complete: z.boolean(),
    payouts_wait_for_profile: z.boolean().describe("Reportable this year without a complete profile"),
    dac7_statements_sent: z.array(z.object({ year: z.number().int(), sent_at: iso })),
  }),
  payout_holds: z.object({
    admin_hold: z.object({ held_at: iso, statement_id: z.string().nullable() }).nullable(),
    tax_profile_missing: z.boolean(),
    waiting_for_payout_account: z.array(z.object({ order_id: z.string(), since: iso.nullable() })),
  }),
  notifications: z.array(notificationJson),
  push_devices: z.array(z.object({ endpoint: z.string(), keys: z.object({ p256dh: z.string(), auth: z.string() }), created_at: iso })),
  wishlist: z.array(savedProduct),
  cart: z.array(savedProduct),
  saved_searches: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      filters: z.record(z.string(), z.unknown()).describe("The search's filters (search, category, min_price, ...), as strings"),
      created_at: iso,
      last_opened_at: iso,
      last_notified_at: iso.nullable(),
    }),
  ),
  shipping_destination: z
    .object({ address: destinationPart.describe("The home address"), service_point: destinationPart.describe("The service point"), updated_at: iso })
    .nullable()
    .describe("The last destination, offered again at checkout; in the shapes of GET /api/shipping/address"),
  uploads: z.object({
    profile_image: z.string().nullable(),
    unused_product_images: z.array(z.object({ url: z.string(), uploaded_at: iso })),
  }),
  emails: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      template: z.string(),
      category: z.string(),
      language: z.string(),
      status: z.string(),
      created_at: iso,
      sent_at: iso.nullable(),
      text: z.string(),
    }),
  ),
});
export type ExportJson = z.output<typeof exportJson>;
