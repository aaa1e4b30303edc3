/**
 * Catalogue limits, enums and messages.
 * No zod here: client components import these without carrying the schemas.
 */
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "@/lib/platform/storage/image-limits";

export { MAX_IMAGE_BYTES };

// ---------- Limits ----------

export const TITLE_MAX = 100;
export const DESCRIPTION_MAX = 1000;
export const PRICE_MIN_CENTS = 1;
export const PRICE_MAX_CENTS = 99_999_900;
export const MAX_IMAGES = 5;
/** Content types the upload accepts (decided by content, not by name or header). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const CONDITIONS = ["new", "like_new", "good", "fair", "poor"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const DEFAULT_CONDITION: Condition = "good";

export const PRODUCT_STATUSES = ["available", "reserved", "sold"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Top seller (docs/reviews-and-wishlist.md): rating 4.5 or more, 5+ reviews. */
export const TOP_SELLER = { minRating: 4.5, minReviews: 5 } as const;

export function isTopSeller(ratingAverage: number, ratingCount: number): boolean {
  return ratingCount >= TOP_SELLER.minReviews && ratingAverage >= TOP_SELLER.minRating;
}

export { RADIUS_KM_DEFAULT, RADIUS_KM_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SORTS, type Sort } from "./search-limits";

// ---------- Messages ----------

/** How a listing reaches the buyer (docs/shipping.md); the shipping domain prices the sizes. */
export const DELIVERY_OPTIONS = ["pickup", "shipping"] as const;
export const PARCEL_SIZES = ["mailbox", "parcel", "large"] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];
export type ParcelSizeName = (typeof PARCEL_SIZES)[number];

export const LISTING_MESSAGES = {
  locationRequired: "Please select a location on the map",
  imagesRequired: "Please add at least one image",
  categoryRequired: "Please select a category",
  tooManyImages: `Maximum ${MAX_IMAGES} images allowed`,
  imageTooLarge: IMAGE_TOO_LARGE,
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${TITLE_MAX} characters`,
  descriptionRequired: "Description is required",
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX} characters`,
  priceRequired: "Price is required",
  priceNotANumber: "Price must be a number",
  priceTooLow: "Price must be at least €0.01",
  priceTooHigh: "Price must be at most €999,999",
  priceDecimals: "Price can have at most 2 decimals",
  conditionInvalid: `Condition must be one of ${CONDITIONS.join(", ")}`,
  imageInvalid: "Image must be a URL returned by the image upload",
  imageDuplicate: "Each image can be added only once",
  unknownCategory: "Please select a category from the list",
  unknownLocation: "This location no longer exists. Please select a location on the map",
  imageNotIssued: "Image not found. Please upload it again",
  imageInUse: "This image belongs to another listing. Please upload your own",
  imageNotYours: "This image was uploaded by someone else. Please upload your own",
  deliveryRequired: "Choose pickup, shipping or both",
  deliveryInvalid: "delivery_options must be a list of pickup and shipping",
  parcelSizeRequired: "Choose a parcel size for shipping",
  parcelSizeInvalid: "parcel_size must be mailbox, parcel or large",
  minOfferInvalid: "The minimum offer must be a number with at most 2 decimals",
  minOfferNotBelowPrice: "The minimum offer must be below the price",
} as const;
