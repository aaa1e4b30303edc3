/** The offers domain: the only way in for code outside it (client code uses ./client). */
export { offersJobs } from "./jobs";
export { acceptedOfferOf, acceptedOfferPrices, makeOffer, respondToOffer, serializeOffer } from "./service";
