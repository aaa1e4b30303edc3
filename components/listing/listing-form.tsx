"use client";

/**
 * The sell form, for a new listing (/sell) and for editing
 * one (/edit-product/{id}): the details (./listing-details.tsx), the photos
 * (./use-listing-photos.ts, ./listing-images.tsx) and the pickup location; sending it is
 * ./use-listing-submit.ts.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MapPinIcon, ImagesIcon } from "lucide-react";
import { LocationPicker } from "@/components/maps/location-picker";
import type { SelectedLocation } from "@/components/maps/types";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useFormErrors } from "@/components/lib/use-form-errors";
import { DEFAULT_CONDITION, type Condition } from "@/lib/domains/catalog/client";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { formatPriceInput, parsePriceInput } from "@/lib/platform/money/price-input";
import { ListingDetailsSection, type CategoryOption, type ListingDetails } from "./listing-details";
import { DEFAULT_DELIVERY, ListingDeliverySection, type ListingDelivery } from "./listing-delivery";
import { ListingImages } from "./listing-images";
import type { ListingField } from "./listing-messages";
import { FieldError, Section } from "./listing-parts";
import { DraftNotice } from "./listing-parts";
import { useListingDraft } from "./use-listing-draft";
import { useListingPhotos } from "./use-listing-photos";
import { FIELD_ORDER, PRICE_ERROR_KEY, UPLOAD_TIMEOUT_MS, useListingSubmit } from "./use-listing-submit";

export { UPLOAD_TIMEOUT_MS };
export type { CategoryOption };

/**
 * After a listing the form waits 2 s; then the new listing's page opens
 * (the seller sees what buyers see, not /browse).
 */
export const REDIRECT_AFTER_LISTING_MS = 2_000;

/** What the edit page knows of the product it edits. */
export type EditableProduct = {
  id: string;
  title: string;
  description: string;
  /** Euros. */
  price: number;
  /** The seller's minimum offer in euros; null: none. */
  minOffer?: number | null;
  category: string;
  condition: Condition;
  images: { url: string; preview: string }[];
  location: SelectedLocation | null;
  delivery: ListingDelivery;
};

type ListingFormProps = {
  categories: CategoryOption[];
  /** Given: edit this product (PUT); otherwise list a new one (POST). */
  product?: EditableProduct;
  googleMapsKey?: string;
  googleMapId?: string;
  /** Where the browser keeps this form's draft: one per user and form (./listing-draft.ts). */
  draftKey: string;
};

/** The location's search box, or the field's control; the photos scroll into view. */
function focusField(ids: string) {
  return (field: ListingField, form: HTMLFormElement) => {
    const target =
      field === "location"
        ? form.querySelector<HTMLElement>('[data-testid="location-picker-search"]')
        : form.querySelector<HTMLElement>(`#${CSS.escape(`${ids}-${field}`)}`);
    // The delivery choices are fieldsets: their first choice takes the focus.
    const control = field === "delivery_options" || field === "parcel_size" ? (target?.querySelector<HTMLElement>("input") ?? target) : target;
    control?.focus();
    if (field === "images") target?.parentElement?.scrollIntoView({ block: "center", behavior: "smooth" });
  };
}

/** The form's values, photos, location and delivery, starting from the product as saved (or empty). */
function useListingState(product: ListingFormProps["product"], locale: ReturnType<typeof resolveLocale>) {
  const initialValues = (): ListingDetails => ({
    title: product?.title ?? "",
    description: product?.description ?? "",
    price: product ? formatPriceInput(Math.round(product.price * 100), locale) : "",
    category: product?.category ?? "",
    condition: product?.condition ?? DEFAULT_CONDITION,
    minOffer: product?.minOffer ? formatPriceInput(Math.round(product.minOffer * 100), locale) : "",
  });
  const [values, setValues] = React.useState<ListingDetails>(initialValues);
  const photos = useListingPhotos(product?.images);
  const [location, setLocation] = React.useState<SelectedLocation | null>(product?.location ?? null);
  const [delivery, setDelivery] = React.useState<ListingDelivery>(product?.delivery ?? DEFAULT_DELIVERY);
  // A new key remounts the picker, which also clears its search box.
  const [pickerKey, setPickerKey] = React.useState(0);

  /** Back to an empty form, or to the product as saved. */
  function restoreSaved() {
    setValues(initialValues());
    if (product) photos.restore(product.images.map((image) => ({ kind: "remote", ...image })));
    else photos.clear();
    setLocation(product?.location ?? null);
    setDelivery(product?.delivery ?? DEFAULT_DELIVERY);
    setPickerKey((key) => key + 1);
  }

  return { values, setValues, photos, location, setLocation, delivery, setDelivery, pickerKey, setPickerKey, restoreSaved };
}

export function ListingForm({ categories, product, googleMapsKey, googleMapId, draftKey }: ListingFormProps) {
  const t = useTranslations("listing");
  const router = useRouter();
  const ids = React.useId();
  const editing = product !== undefined;
  const locale = resolveLocale(useLocale());

  const { values, setValues, photos, location, setLocation, delivery, setDelivery, pickerKey, setPickerKey, restoreSaved } = useListingState(product, locale);
  const focus = React.useMemo(() => focusField(ids), [ids]);
  const { formRef, errors, show, clear, set, reset, firstOf } = useFormErrors<ListingField>({ order: FIELD_ORDER, focus });
  const redirectTimer = React.useRef<number | undefined>(undefined);
  const draft = useListingDraft({
    draftKey,
    state: { values, images: photos.images, location, delivery },
    apply: (kept) => {
      setValues(kept.values);
      photos.restore(kept.images);
      setLocation(kept.location);
      setDelivery(kept.delivery);
      setPickerKey((key) => key + 1);
    },
    leaveMessage: t("draft.leave"),
  });

  React.useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  function change<K extends keyof ListingDetails>(field: K, value: ListingDetails[K]) {
    draft.touch();
    setValues((current) => ({ ...current, [field]: value }));
    clear(field === "minOffer" ? "min_offer" : (field as Exclude<K, "minOffer">));
  }

  function priceBlur() {
    const parsed = parsePriceInput(values.price, locale);
    if (parsed.ok) setValues((current) => ({ ...current, price: formatPriceInput(parsed.cents, locale) }));
    else if (values.price.trim()) set("price", t(`errors.${PRICE_ERROR_KEY[parsed.error]}`));
  }

  /** Back to an empty form, or to the product as saved. */
  function resetForm() {
    restoreSaved();
    reset();
  }

  const { submit, submitting, progress } = useListingSubmit({
    productId: product?.id,
    locale,
    values,
    images: photos.images,
    location,
    delivery,
    setPrice: (price) => setValues((current) => ({ ...current, price })),
    markUploaded: photos.markUploaded,
    showErrors: show,
    setError: set,
    resetErrors: reset,
    firstOf,
    onSaved: (saved) => {
      draft.forget();
      if (editing) {
        toast.success(t("updated"));
        router.push(`/product/${saved.id}`);
        router.refresh();
        return;
      }
      toast.success(t("success"));
      resetForm();
      redirectTimer.current = window.setTimeout(() => router.push(`/product/${saved.id}`), REDIRECT_AFTER_LISTING_MS);
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-8" data-testid="listing-form" aria-busy={submitting}>
      {draft.restored ? (
        <DraftNotice
          onStartOver={() => {
            draft.forget();
            resetForm();
          }}
        />
      ) : null}
      <ListingDetailsSection ids={ids} values={values} onChange={change} onPriceBlur={priceBlur} errors={errors} categories={categories} />

      <PhotosSection ids={ids} photos={photos} onEdit={draft.touch} clear={clear} disabled={submitting} error={errors.images} />

      <ListingDeliverySection
        ids={ids}
        value={delivery}
        onChange={(next, field) => {
          draft.touch();
          setDelivery(next);
          clear(field);
          if (field === "delivery_options") clear("parcel_size");
        }}
        errors={errors}
        disabled={submitting}
      />

      <LocationSection
        ids={ids}
        pickerKey={pickerKey}
        value={location}
        onChange={(next) => {
          draft.touch();
          setLocation(next);
          clear("location");
        }}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
        error={errors.location}
      />

      <FormActions editing={editing} progress={progress} submitting={submitting} />
    </form>
  );
}

/** The photos: add, remove, choose the main one. */
function PhotosSection({
  ids,
  photos,
  onEdit,
  clear,
  disabled,
  error,
}: {
  ids: string;
  photos: ReturnType<typeof useListingPhotos>;
  onEdit: () => void;
  clear: (field: ListingField) => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const t = useTranslations("listing");
  const errorId = error ? `${ids}-images-error` : undefined;
  return (
    <Section icon={ImagesIcon} title={t("sections.photos")} headingId={`${ids}-photos`} description={t("sections.photosText")}>
      <ListingImages
        id={`${ids}-images`}
        hintId={`${ids}-images-hint`}
        images={photos.images}
        onAdd={(files) => {
          onEdit();
          photos.add(files);
          clear("images");
        }}
        onRemove={(key) => {
          onEdit();
          photos.remove(key);
        }}
        onMakeMain={(key) => {
          onEdit();
          photos.makeMain(key);
        }}
        disabled={disabled}
        errorId={errorId}
      />
      <FieldError id={errorId} message={error} field="images" />
    </Section>
  );
}

/** Where the item is: the map picker. */
function LocationSection({
  ids,
  pickerKey,
  value,
  onChange,
  googleMapsKey,
  googleMapId,
  error,
}: {
  ids: string;
  pickerKey: number;
  value: SelectedLocation | null;
  onChange: (next: SelectedLocation) => void;
  googleMapsKey: ListingFormProps["googleMapsKey"];
  googleMapId: ListingFormProps["googleMapId"];
  error: string | undefined;
}) {
  const t = useTranslations("listing");
  const errorId = error ? `${ids}-location-error` : undefined;
  return (
    <Section icon={MapPinIcon} title={t("sections.location")} headingId={`${ids}-location`} description={t("sections.locationText")}>
      <LocationPicker
        key={pickerKey}
        value={value}
        onChange={onChange}
        googleMapsKey={googleMapsKey}
        googleMapId={googleMapId}
        invalid={Boolean(error)}
        errorMessageId={errorId}
      />
      <FieldError id={errorId} message={error} field="location" />
    </Section>
  );
}

/** Cancel (when editing), the upload progress and the submit button. */
function FormActions({ editing, progress, submitting }: { editing: boolean; progress: { current: number; total: number } | null; submitting: boolean }) {
  const t = useTranslations("listing");
  const submitLabel = editing ? (submitting ? t("saving") : t("save")) : submitting ? t("submitting") : t("submit");
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-end">
      {editing ? (
        <Button asChild variant="outline" size="lg">
          <Link href="/dashboard?tab=products">{t("cancel")}</Link>
        </Button>
      ) : null}
      <p className="text-sm text-muted-foreground sm:mr-auto" aria-live="polite" data-testid="listing-progress">
        {progress ? t("uploading", progress) : ""}
      </p>
      <Button type="submit" size="lg" disabled={submitting} data-testid="listing-submit" className="sm:min-w-48">
        {submitting ? <Spinner className="text-current" /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
