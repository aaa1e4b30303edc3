// The offer state machine (lib/domains/offers/states.ts), exhaustively: every status × action ×
// actor, who the actor is for a user, and where each allowed action leads.
import { describe, expect, it } from "vitest";
import {
  OFFER_ACTIONS,
  OFFER_STATUSES,
  actorOf,
  availableOfferActions,
  decideOffer,
  nextOfferStatus,
  type OfferAction,
  type OfferActor,
} from "@/lib/domains/offers/states";

const ACTORS: OfferActor[] = ["maker", "recipient", "system", "other"];
const WHO: Record<OfferAction, OfferActor> = { accept: "recipient", decline: "recipient", counter: "recipient", withdraw: "maker", expire: "system" };

describe("decideOffer", () => {
  for (const status of OFFER_STATUSES) {
    for (const action of OFFER_ACTIONS) {
      for (const actor of ACTORS) {
        const expected = WHO[action] !== actor ? "forbidden" : status === "pending" ? "ok" : "conflict";
        it(`${status} / ${action} by ${actor} → ${expected}`, () => {
          expect(decideOffer(status, action, actor)).toBe(expected);
        });
      }
    }
  }
});

describe("nextOfferStatus", () => {
  it.each([
    ["accept", "accepted"],
    ["decline", "declined"],
    ["counter", "countered"],
    ["withdraw", "withdrawn"],
    ["expire", "expired"],
  ] as const)("%s leads to %s", (action, status) => {
    expect(nextOfferStatus(action)).toBe(status);
  });
});

describe("actorOf", () => {
  const offer = { buyerId: "b", sellerId: "s" };
  it("a buyer's offer: the buyer made it, the seller answers it", () => {
    expect(actorOf({ ...offer, madeBy: "buyer" }, "b")).toBe("maker");
    expect(actorOf({ ...offer, madeBy: "buyer" }, "s")).toBe("recipient");
  });
  it("a seller's counter-offer: the other way round", () => {
    expect(actorOf({ ...offer, madeBy: "seller" }, "s")).toBe("maker");
    expect(actorOf({ ...offer, madeBy: "seller" }, "b")).toBe("recipient");
  });
  it("anyone else is other", () => {
    expect(actorOf({ ...offer, madeBy: "buyer" }, "x")).toBe("other");
  });
});

describe("availableOfferActions", () => {
  it("pending: the recipient answers, the maker withdraws", () => {
    expect(availableOfferActions("pending", "recipient")).toEqual(["accept", "decline", "counter"]);
    expect(availableOfferActions("pending", "maker")).toEqual(["withdraw"]);
  });
  it("every final status offers nothing", () => {
    for (const status of OFFER_STATUSES.filter((s) => s !== "pending")) {
      expect(availableOfferActions(status, "recipient")).toEqual([]);
      expect(availableOfferActions(status, "maker")).toEqual([]);
    }
  });
});
