"use client";

/**
 * Sending the sell form. In the order of docs/catalog.md: a location, at least
 * one photo and a category, each with its toast; then the shared zod schema (and the
 * price as typed); then the new photos are uploaded one after another (30 s each) and the
 * listing is sent. Every message is chosen by field and rule or by the API's code.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import type { SelectedLocation } from "@/components/maps/types";
import { apiResult } from "@/components/lib/api-client";
import { issueErrors, serverErrors } from "@/components/lib/use-form-errors";
// A schema form (SCHEMA_FORMS in eslint.config.mjs): the sell and edit pages validate first.
import { listingSchema, type ListingPayload } from "@/lib/domains/catalog/schemas";
import type { PriceLocale } from "@/lib/platform/money/price-input";
import { formatPriceInput, parsePriceInput, type PriceInputError } from "@/lib/platform/money/price-input";
import type { ListingDetails } from "./listing-details";
import { deliveryError, deliveryPayload, type ListingDelivery } from "./listing-delivery";
import type { ListingImage } from "./listing-images";
import { useListingMessage, type ListingField } from "./listing-messages";

/** Each upload may take 30 s. */
export const UPLOAD_TIMEOUT_MS = 30_000;

/** The order fields are checked and focused in, as docs/catalog.md and the layout have them. */
export const FIELD_ORDER: readonly ListingField[] = ["location", "images", "category", "title", "description", "price", "condition", "min_offer", "delivery_options", "parcel_size"];

/** Schema and API field names → the form's fields. */
const FIELD_OF: Record<string, ListingField> = {
  title: "title",
  description: "description",
  price: "price",
  category: "category",
  condition: "condition",
  images: "images",
  location_id: "location",
  delivery_options: "delivery_options",
  parcel_size: "parcel_size",
  min_offer: "min_offer",
};
const fieldOf = (key: string): ListingField | undefined => FIELD_OF[key];

/** What the price parser says → its message under `listing.errors`. */
export const PRICE_ERROR_KEY: Record<PriceInputError, string> = {
  required: "priceRequired",
  invalid: "priceNotANumber",
  ambiguous: "priceAmbiguous",
  decimals: "priceDecimals",
  too_low: "priceTooLow",
  too_high: "priceTooHigh",
};

type Errors = Partial<Record<ListingField, string>>;

type Options = {
  /** Editing this product (PUT); otherwise a new listing (POST). */
  productId?: string;
  locale: PriceLocale;
  values: ListingDetails;
  images: ListingImage[];
  location: SelectedLocation | null;
  delivery: ListingDelivery;
  /** The tidy form of the price as typed. */
  setPrice: (price: string) => void;
  markUploaded: (urls: ReadonlyMap<string, string>) => void;
  showErrors: (errors: Errors) => void;
  /** Marks one field without moving the focus. */
  setError: (field: ListingField, message: string) => void;
  resetErrors: () => void;
  firstOf: (errors: Errors) => string | undefined;
  onSaved: (saved: { id: string }) => void;
};

/** Uploads one photo (field `file`, 30 s); its URL, or the reason it failed. */
async function uploadPhoto(
  file: File,
  t: ReturnType<typeof useTranslations<"listing">>,
  message: ReturnType<typeof useListingMessage>,
): Promise<{ url: string } | { reason: string }> {
  const form = new FormData();
  form.append("file", file, file.name);
  const result = await apiResult<{ url?: unknown }>("/api/upload-image", { form, timeoutMs: UPLOAD_TIMEOUT_MS });
  if (result.ok) return typeof result.data?.url === "string" ? { url: result.data.url } : { reason: t("errors.uploadError") };
  const failure = result.error;
  if (failure.status === 0) return { reason: failure.aborted ? t("errors.uploadTimeout") : t("errors.uploadError") };
  const reason = message.error(failure);
  return { reason: reason ? `${file.name}: ${reason}` : t("errors.uploadError") };
}

export function useListingSubmit(options: Options) {
  const t = useTranslations("listing");
  const message = useListingMessage();
  const [submitting, setSubmitting] = React.useState(false);
  const [progress, setProgress] = React.useState<{ current: number; total: number } | null>(null);

  const upload = (file: File) => uploadPhoto(file, t, message);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const { productId, locale, values, images, location, showErrors } = options;

    // The listing rules of docs/catalog.md, in this order, each with its own message.
    const missing = !location ? "location" : images.length === 0 ? "images" : !values.category ? "category" : null;
    if (missing) {
      const text = t(`errors.${missing}Required`);
      toast.error(text);
      showErrors({ [missing]: text });
      return;
    }

    // The price as typed, read the way people in this language write it; anything
    // ambiguous is asked about rather than guessed. Its message joins the schema's.
    const parsedPrice = parsePriceInput(values.price, locale);
    const priceError = parsedPrice.ok ? null : t(`errors.${PRICE_ERROR_KEY[parsedPrice.error]}`);
    const priceEuros = parsedPrice.ok ? parsedPrice.cents / 100 : 1;
    if (parsedPrice.ok) options.setPrice(formatPriceInput(parsedPrice.cents, locale));
    // The optional minimum offer, read like the price; empty: none.
    const minOfferText = (values.minOffer ?? "").trim();
    const parsedMin = minOfferText ? parsePriceInput(minOfferText, locale) : null;
    const minOfferError =
      parsedMin && !parsedMin.ok
        ? t("errors.minOfferInvalid")
        : parsedMin?.ok && parsedPrice.ok && parsedMin.cents >= parsedPrice.cents
          ? t("errors.minOfferNotBelowPrice")
          : null;

    // Spread in, so the payload stays a ListingPayload whether or not the schema knows them yet.
    const delivery = deliveryPayload(options.delivery);
    const payload = (urls: (image: ListingImage) => string): ListingPayload => ({
      ...delivery,
      title: values.title.trim(),
      description: values.description.trim(),
      price: priceEuros,
      category: values.category,
      condition: values.condition,
      images: images.map(urls),
      location_id: location!.id,
      min_offer: parsedMin?.ok ? parsedMin.cents / 100 : null,
    });
    // The shared schema, with stand-ins for photos that are not uploaded yet.
    const parsed = listingSchema.safeParse(payload((image) => (image.kind === "remote" ? image.url : `pending:${image.key}`)));
    const badDelivery = deliveryError(options.delivery);
    if (!parsed.success || priceError || minOfferError || badDelivery) {
      const next: Errors = parsed.success ? {} : issueErrors(parsed.error.issues, message.field, fieldOf);
      if (priceError) next.price = priceError;
      if (minOfferError) next.min_offer = minOfferError;
      if (badDelivery && !next[badDelivery]) next[badDelivery] = message.field(badDelivery, "required", "");
      const first = options.firstOf(next);
      if (first) toast.error(first);
      showErrors(next);
      return;
    }
    options.resetErrors();
    setSubmitting(true);

    try {
      // Sequential uploads; an uploaded photo keeps its URL, so a retry
      // after a failure further on does not upload it again.
      const pending = images.filter((image) => image.kind === "file");
      const urls = new Map<string, string>();
      for (const [index, image] of pending.entries()) {
        setProgress({ current: index + 1, total: pending.length });
        const uploaded = await upload(image.file);
        if ("reason" in uploaded) {
          options.markUploaded(urls);
          toast.error(t("errors.uploadFailed"), { description: uploaded.reason });
          options.setError("images", t("errors.uploadFailed"));
          return;
        }
        urls.set(image.key, uploaded.url);
        options.markUploaded(urls);
      }
      setProgress(null);

      const body = payload((image) => (image.kind === "remote" ? image.url : urls.get(image.key)!));
      const saved = await apiResult<{ id: string }>(productId ? `/api/products/${productId}` : "/api/products", {
        method: productId ? "PUT" : "POST",
        json: body,
      });
      if (!saved.ok) {
        const failure = saved.error;
        if (failure.status === 0) {
          toast.error(t("errors.network"));
          return;
        }
        const next = serverErrors(failure, (field: ListingField, rule, text) => message.code(failure) ?? message.field(field, rule, text), fieldOf);
        toast.error(message.error(failure) || (productId ? t("errors.updateFailed") : t("errors.listFailed")));
        showErrors(next);
        return;
      }
      options.onSaved(saved.data);
    } finally {
      setProgress(null);
      setSubmitting(false);
    }
  }

  return { submit, submitting, progress };
}
