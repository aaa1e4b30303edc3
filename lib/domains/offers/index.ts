/** The offers domain: the only way in for code outside it (client code uses ./client). */
export { offersJobs } from "./jobs";
export { offerOnListing } from "./listing-offer";
export { acceptedOfferSql, acceptedOfferPrices, makeOffer, respondToOffer, serializeOffer } from "./service";
export { offersOperations } from "./openapi";
export { offerJson } from "./responses";
