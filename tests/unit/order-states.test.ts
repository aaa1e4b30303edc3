// The order state machine, exhaustively: every (state, action, actor) combination.
import { describe, expect, it } from "vitest";
import {
  availableActions,
  decide,
  DELIVERY_STATUSES,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type Actor,
  type OrderAction,
  type OrderState,
} from "@/lib/domains/orders/states";
import { centsToEuro } from "@/lib/platform/money/cents";
import { commissionCents, itemTotalCents } from "@/lib/domains/payments/fees";

const ACTORS: Actor[] = ["buyer", "seller", "admin", "system", "other"];

/** The rules as a table, written out independently of lib/domains/orders/states.ts. */
const EXPECTED: Record<OrderAction, { actor: Actor; states: string[] }> = {
  cancel: { actor: "buyer", states: ["pending/*"] },
  confirm_delivery: { actor: "buyer", states: ["held/pending"] },
  dispute: { actor: "buyer", states: ["held/pending"] },
  handover: { actor: "seller", states: ["held/pending"] },
  seller_cancel: { actor: "seller", states: ["held/pending"] },
  // Pickups (these states) never make a label; shipped orders are tested below.
  create_shipment: { actor: "seller", states: [] },
  resolve_refund: { actor: "admin", states: ["held/disputed"] },
  resolve_release: { actor: "admin", states: ["held/disputed"] },
  pay: { actor: "system", states: ["pending/*"] },
  expire: { actor: "system", states: ["pending/*"] },
  auto_refund: { actor: "system", states: ["held/pending"] },
  release: { actor: "system", states: ["held/confirmed"] },
  // Returns and partial refunds (docs/returns.md); the ones needing an offer, a return or
  // a withdrawal period are tested below with those facts.
  accept_return_request: { actor: "seller", states: ["held/disputed"] },
  offer_partial_refund: { actor: "seller", states: ["held/disputed"] },
  resolve_return: { actor: "admin", states: ["held/disputed"] },
  accept_partial_refund: { actor: "buyer", states: [] },
  refuse_partial_refund: { actor: "buyer", states: [] },
  withdraw: { actor: "buyer", states: [] },
  accept_return: { actor: "seller", states: [] },
  report_return_problem: { actor: "seller", states: [] },
};

const ALL_STATES: OrderState[] = ORDER_STATUSES.flatMap((status) =>
  DELIVERY_STATUSES.map((deliveryStatus) => ({ status, deliveryStatus })),
);

function matches(state: OrderState, pattern: string): boolean {
  const [status, delivery] = pattern.split("/");
  return state.status === status && (delivery === "*" || state.deliveryStatus === delivery);
}

describe("order state machine", () => {
  it("knows every action of the table", () => {
    expect([...ORDER_ACTIONS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const state of ALL_STATES) {
    for (const action of ORDER_ACTIONS) {
      for (const actor of ACTORS) {
        const rule = EXPECTED[action];
        const expected = actor !== rule.actor ? "forbidden" : rule.states.some((p) => matches(state, p)) ? "ok" : "conflict";
        it(`${state.status}/${state.deliveryStatus}: ${action} by ${actor} → ${expected}`, () => {
          expect(decide(state, action, actor)).toBe(expected);
        });
      }
    }
  }

  it("offers the buyer and the seller their buttons per state", () => {
    expect(availableActions({ status: "pending", deliveryStatus: "pending" }, "buyer")).toEqual(["cancel"]);
    expect(availableActions({ status: "held", deliveryStatus: "pending" }, "buyer")).toEqual(["confirm_delivery", "dispute"]);
    expect(availableActions({ status: "held", deliveryStatus: "pending" }, "seller")).toEqual(["handover", "seller_cancel"]);
    expect(availableActions({ status: "held", deliveryStatus: "confirmed" }, "buyer")).toEqual([]);
    expect(availableActions({ status: "held", deliveryStatus: "disputed" }, "seller")).toEqual(["accept_return_request", "offer_partial_refund"]);
    for (const status of ["completed", "cancelled", "refunded"] as const) {
      expect(availableActions({ status, deliveryStatus: "confirmed" }, "buyer")).toEqual([]);
      expect(availableActions({ status, deliveryStatus: "pending" }, "seller")).toEqual([]);
    }
  });

  it("finished orders accept no action from anyone", () => {
    for (const status of ["completed", "cancelled", "refunded"] as const) {
      for (const deliveryStatus of DELIVERY_STATUSES) {
        for (const action of ORDER_ACTIONS) {
          expect(decide({ status, deliveryStatus }, action, EXPECTED[action].actor)).toBe("conflict");
        }
      }
    }
  });
});

describe("shipped orders (docs/shipping.md)", () => {
  const held = { status: "held", deliveryStatus: "pending", delivery: "shipping" } as const;

  it("have no pickup code handover and no 14-day refund; the seller makes a label instead", () => {
    expect(decide({ ...held, shipment: null }, "handover", "seller")).toBe("conflict");
    expect(decide({ ...held, shipment: null }, "auto_refund", "system")).toBe("conflict");
    expect(availableActions({ ...held, shipment: null }, "seller")).toEqual(["seller_cancel", "create_shipment"]);
    // With the label made the button is gone (a repeat still answers the same shipment).
    expect(availableActions({ ...held, shipment: "label_created" }, "seller")).toEqual(["seller_cancel"]);
    expect(decide({ ...held, shipment: "label_created" }, "create_shipment", "seller")).toBe("ok");
  });

  it("let the buyer judge the parcel only once the carrier has it, and report a problem only within the claim window", () => {
    expect(availableActions({ ...held, shipment: null }, "buyer")).toEqual([]);
    expect(availableActions({ ...held, shipment: "label_created" }, "buyer")).toEqual([]);
    expect(availableActions({ ...held, shipment: "in_transit" }, "buyer")).toEqual(["confirm_delivery", "dispute"]);
    expect(availableActions({ ...held, shipment: "delivered", claimOpen: true }, "buyer")).toEqual(["confirm_delivery", "dispute"]);
    expect(availableActions({ ...held, shipment: "delivered", claimOpen: false }, "buyer")).toEqual(["confirm_delivery"]);
  });

  it("can be cancelled by the seller only before the carrier's first scan", () => {
    expect(decide({ ...held, shipment: "label_created" }, "seller_cancel", "seller")).toBe("ok");
    expect(decide({ ...held, shipment: "in_transit" }, "seller_cancel", "seller")).toBe("conflict");
    expect(decide({ ...held, shipment: "delivered" }, "seller_cancel", "seller")).toBe("conflict");
  });
});

describe("platform fee", () => {
  it("is 5% of the price, rounded half up to the cent", () => {
    expect(commissionCents(14950)).toBe(748); // 747.5 → 748
    expect(commissionCents(1010)).toBe(51); // 50.5 → 51
    expect(commissionCents(1009)).toBe(50); // 50.45 → 50
    expect(commissionCents(1)).toBe(0);
    expect(commissionCents(10)).toBe(1); // 0.5 → 1
    expect(commissionCents(99999900)).toBe(4999995);
  });

  it("makes the total 1.05 × the price to the cent, and euros have at most 2 decimals", () => {
    for (let cents = 1; cents < 5000; cents += 7) {
      expect(itemTotalCents(cents)).toBe(Math.round(cents * 1.05 + 1e-9));
      expect(String(centsToEuro(itemTotalCents(cents)))).toMatch(/^\d+(\.\d{1,2})?$/);
    }
  });

  it("refuses prices that are not whole cents", () => {
    expect(() => commissionCents(10.5)).toThrow(RangeError);
    expect(() => commissionCents(-1)).toThrow(RangeError);
  });
});

describe("returns, partial refunds and withdrawal (docs/returns.md)", () => {
  const disputed = { status: "held", deliveryStatus: "disputed" } as const;

  it("let the buyer answer a partial refund offer, and nothing else happen while a return travels", () => {
    expect(availableActions({ ...disputed, partialOffer: true }, "buyer")).toEqual(["accept_partial_refund", "refuse_partial_refund"]);
    expect(availableActions({ ...disputed, returnStatus: "label_created" }, "seller")).toEqual([]);
    expect(decide({ ...disputed, returnStatus: "in_transit" }, "resolve_refund", "admin")).toBe("conflict");
    expect(decide({ ...disputed, returnStatus: "in_transit" }, "resolve_return", "admin")).toBe("conflict");
  });

  it("open the seller's inspection at the return's delivery, and give an admin a reported problem", () => {
    expect(availableActions({ ...disputed, returnStatus: "delivered", inspectOpen: true }, "seller")).toEqual(["accept_return", "report_return_problem"]);
    expect(decide({ ...disputed, returnStatus: "delivered", inspectOpen: false }, "accept_return", "seller")).toBe("conflict");
    expect(decide({ ...disputed, returnStatus: "disputed" }, "resolve_refund", "admin")).toBe("ok");
    expect(decide({ ...disputed, returnStatus: "disputed" }, "resolve_release", "admin")).toBe("ok");
  });

  it("let a consumer withdraw only after receipt and within the period", () => {
    const shipped = { status: "held", deliveryStatus: "pending", delivery: "shipping" } as const;
    expect(decide({ ...shipped, shipment: "delivered", withdrawalOpen: true }, "withdraw", "buyer")).toBe("ok");
    expect(decide({ ...shipped, shipment: "in_transit", withdrawalOpen: true }, "withdraw", "buyer")).toBe("conflict");
    expect(decide({ status: "held", deliveryStatus: "confirmed", withdrawalOpen: true }, "withdraw", "buyer")).toBe("ok");
    expect(decide({ status: "held", deliveryStatus: "confirmed", withdrawalOpen: false }, "withdraw", "buyer")).toBe("conflict");
    expect(decide({ status: "held", deliveryStatus: "confirmed", withdrawalOpen: true, returnStatus: "label_created" }, "withdraw", "buyer")).toBe("conflict");
  });
});
