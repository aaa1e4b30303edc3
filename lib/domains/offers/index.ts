/** The offers domain: the only way in for code outside it (client code uses ./client). */
export { offersJobs } from "./jobs";
export { offerOnListing } from "./listing-offer";
export { lowestOfferCents, isOfferTooLow, DEFAULT_MIN_OFFER_SHARE } from "./rules";
export { acceptedOfferSql, acceptedOfferPrices, makeOffer, respondToOffer, serializeOffer } from "./service";
