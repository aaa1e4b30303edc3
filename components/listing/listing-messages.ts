"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { DESCRIPTION_MAX, LISTING_MESSAGES, MAX_IMAGES, TITLE_MAX } from "@/lib/domains/catalog/client";

/** The JSON error body of our API (DECISIONS.md section 2). */
export type ApiErrorBody = { detail?: unknown; code?: unknown; errors?: unknown };

/** LISTING_MESSAGES text → its key, which is also the key under `listing.errors`. */
const KEY_OF_MESSAGE = new Map<string, string>(Object.entries(LISTING_MESSAGES).map(([key, text]) => [text, key]));

/** Stable error codes of the catalogue API → `listing.errors` keys. */
const KEY_OF_CODE: Record<string, string> = {
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
};

/**
 * Translates what the shared schema or the API says about a listing. The schema and
 * the API speak English (the API contract); the form shows the user's language and
 * falls back to the English text for anything it does not know.
 */
export function useListingMessage() {
  const t = useTranslations("listing.errors");
  return React.useCallback(
    (message: string, code?: unknown): string => {
      const key = (typeof code === "string" ? KEY_OF_CODE[code] : undefined) ?? KEY_OF_MESSAGE.get(message);
      if (key && t.has(key)) return t(key, { max: MAX_IMAGES, titleMax: TITLE_MAX, descriptionMax: DESCRIPTION_MAX });
      return message;
    },
    [t],
  );
}

/** The `{field, message}` list of a 422 answer, keyed by the top-level field. */
export function fieldErrorsOfBody(body: ApiErrorBody): { field: string; message: string }[] {
  if (!Array.isArray(body.errors)) return [];
  return (body.errors as { field?: unknown; message?: unknown }[]).flatMap((item) =>
    typeof item.field === "string" && typeof item.message === "string"
      ? [{ field: item.field.split(".")[0] ?? item.field, message: item.message }]
      : [],
  );
}

export async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === "object" ? (body as ApiErrorBody) : {};
  } catch {
    return {};
  }
}
