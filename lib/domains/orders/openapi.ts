/**
 * The orders operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import {
  cartJson,
  checkoutJson,
  checkoutStatusJson,
  orderJson,
  payoutAccountJson,
  payoutOnboardingJson,
  stripeWebhookJson,
  testCheckoutActionJson,
  testCheckoutJson,
} from "./responses";

export const ordersOperations: TaggedOperations = {
  tag: "orders",
  description: "Cart, checkout, orders, handover, returns and payouts",
  operations: [
    { method: "GET", path: "/api/cart", summary: "The cart", response: cartJson },
    { method: "POST", path: "/api/cart/add", summary: "Put a product in the cart (?product_id= or a JSON body)", response: cartJson, errors: [400, 404, 409] },
    { method: "DELETE", path: "/api/cart/remove/{productId}", summary: "Take a product out of the cart", response: cartJson, errors: [404] },
    { method: "POST", path: "/api/payment/create-checkout", summary: "Check out one product (the product page)", response: checkoutJson, errors: [400, 404, 409, 429] },
    { method: "POST", path: "/api/payments/cancel-checkout/{sessionId}", summary: "Cancel an unfinished checkout; answers its state", response: checkoutStatusJson, errors: [404, 409] },
    { method: "GET", path: "/api/payments/checkout-status/{sessionId}", summary: "The state of a checkout (fulfils it when the provider says it is paid)", response: checkoutStatusJson, errors: [404] },
    { method: "POST", path: "/api/payments/create-checkout-cart", summary: "Check out the whole cart", response: checkoutJson, errors: [400, 404, 409, 429] },
    { method: "POST", path: "/api/payments/create-checkout", summary: "Check out one product (cards, the cart page)", response: checkoutJson, errors: [400, 404, 409, 429] },
    { method: "GET", path: "/api/payments/test-checkout/{sessionId}", summary: "The test provider's checkout session (404 while Stripe is configured)", response: testCheckoutJson, errors: [404] },
    { method: "POST", path: "/api/payments/test-checkout/{sessionId}/{action}", summary: "The test provider's pay, fail and cancel buttons: a 303 redirect as Stripe does; JSON with Accept: application/json", response: testCheckoutActionJson, extra: [{ status: 303, description: "To the payment result page" }], errors: [404, 409] },
    { method: "GET", path: "/api/payouts/account", summary: "The seller's payout set-up", response: payoutAccountJson },
    { method: "POST", path: "/api/payouts/onboarding", summary: "A payout onboarding link (409 test_mode with the test provider)", response: payoutOnboardingJson, errors: [409, 502] },
    { method: "GET", path: "/api/returns/{id}/label", summary: "The return label (PDF)", response: null, extra: [{ status: 200, description: "The label", contentType: "application/pdf" }], errors: [403, 404, 409] },
    { method: "POST", path: "/api/transactions/{id}/cancel", summary: "Cancel an unpaid order (buyer); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/confirm-delivery", summary: "Confirm the handover or open a dispute (buyer); answers the order", response: orderJson, errors: [400, 404, 409] },
    { method: "POST", path: "/api/transactions/{id}/handover", summary: "Enter the buyer's pickup code (seller); answers the order", response: orderJson, errors: [400, 404, 409, 429] },
    { method: "POST", path: "/api/transactions/{id}/partial-refund", summary: "Offer part of the price back (seller); answers the order", response: orderJson, errors: [400, 404, 409] },
    { method: "POST", path: "/api/transactions/{id}/partial-refund/accept", summary: "Accept the partial refund (buyer); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/partial-refund/refuse", summary: "Refuse the partial refund (buyer); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/return/accept-request", summary: "Take the item back without an admin (seller); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/return/accept", summary: "Accept the returned item (seller); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/return/problem", summary: "Report a problem with the returned item (seller); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/seller-cancel", summary: "Cancel a paid order before the handover (seller); answers the order", response: orderJson, errors: [404, 409] },
    { method: "POST", path: "/api/transactions/{id}/withdraw", summary: "Withdraw from a business seller's sale (buyer); answers the order", response: orderJson, errors: [404, 409] },
    { method: "GET", path: "/api/transactions", summary: "The caller's orders or sales, newest first", response: z.array(orderJson), headers: ["X-Total-Count"] },
    { method: "POST", path: "/api/webhooks/stripe", summary: "Stripe's events, verified by their signature (404 while Stripe is not the provider)", response: stripeWebhookJson, errors: [400, 404, 413] },
  ],
};
