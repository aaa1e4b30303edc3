"use client";

/**
 * What the shared schema or the API says about a listing, in the user's language: by
 * field and rule for field errors (components/lib/use-form-errors.ts), by `code` for the
 * API's answers, and the API's English `detail` only for what has no translation.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { DESCRIPTION_MAX, MAX_IMAGES, TITLE_MAX } from "@/lib/domains/catalog/client";
import { ApiError, type ErrorCode } from "@/components/lib/api-client";
import type { Rule } from "@/components/lib/use-form-errors";
import { useErrorText } from "@/components/lib/use-error-text";

/** The listing form's fields (the API's `location_id` is `location`). */
export type ListingField = "title" | "description" | "price" | "category" | "condition" | "images" | "location" | "delivery_options" | "parcel_size" | "min_offer";

/** Stable error codes of the catalog API → `listing.errors` keys. */
const KEY_OF_CODE: Partial<Record<ErrorCode, string>> = {
  unknown_category: "unknownCategory",
  unknown_location: "unknownLocation",
  image_not_ours: "imageInvalid",
  image_missing: "imageNotIssued",
  image_in_use: "imageInUse",
  image_not_yours: "imageNotYours",
  image_too_large: "imageTooLarge",
  image_too_many_pixels: "imageTooManyPixels",
  not_an_image: "imageNotAnImage",
  bad_image: "imageUnreadable",
  product_sold: "productSold",
  product_reserved: "productReserved",
  unauthorized: "sessionExpired",
  banned: "banned",
  rate_limited: "rateLimited",
  trader_details_required: "traderDetailsRequired",
};

/** A field and the rule it broke (the shared listing schema's) → its `listing.errors` key. */
function keyOf(field: ListingField, rule: Rule): string | undefined {
  switch (field) {
    case "location":
      return "locationRequired";
    case "category":
      return "categoryRequired";
    case "condition":
      return "conditionInvalid";
    case "images":
      return rule === "required" ? "imagesRequired" : rule === "tooLong" ? "tooManyImages" : rule === "duplicate" ? "imageDuplicate" : "imageInvalid";
    case "title":
    case "description":
      return rule === "required" ? `${field}Required` : rule === "tooLong" ? `${field}TooLong` : undefined;
    case "delivery_options":
      return "deliveryRequired";
    case "parcel_size":
      return "parcelSizeRequired";
    case "min_offer":
      return rule === "notBelowPrice" ? "minOfferNotBelowPrice" : "minOfferInvalid";
    case "price":
      return { required: "priceRequired", invalid: "priceNotANumber", tooLow: "priceTooLow", tooHigh: "priceTooHigh", decimals: "priceDecimals" }[rule];
  }
}

export function useListingMessage() {
  const t = useTranslations("listing.errors");
  const errorText = useErrorText();
  const text = React.useCallback(
    (key: string | undefined): string | undefined =>
      key && t.has(key) ? t(key, { max: MAX_IMAGES, titleMax: TITLE_MAX, descriptionMax: DESCRIPTION_MAX }) : undefined,
    [t],
  );
  return React.useMemo(
    () => ({
      /** A field error: by field and rule; `fallback` (the English text) if none fits. */
      field: (field: ListingField, rule: Rule, fallback: string): string => text(keyOf(field, rule)) ?? fallback,
      /** The translation of a failed call's code, if the form has one. */
      code: (error: unknown): string | undefined => (error instanceof ApiError ? text(error.code && KEY_OF_CODE[error.code]) : undefined),
      /** A failed call: the form's text for its code, else the code's `apiErrors` text, else "". */
      error: (error: unknown): string => errorText(error, "", (code) => text(KEY_OF_CODE[code])),
    }),
    [text, errorText],
  );
}
