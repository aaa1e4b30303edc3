"use client";

/**
 * The sell form (SPEC.md sections 2, 4 and 5), for a new listing (/sell) and for editing
 * one (/edit-product/{id}). On submit, in SPEC order: a location, at least one photo and
 * a category, each with its toast; then the shared zod schema; then the new photos are
 * uploaded one after another (30 s each) and the listing is sent.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MapPinIcon, PackageIcon, ImagesIcon } from "lucide-react";
import { LocationPicker } from "@/components/maps/location-picker";
import type { SelectedLocation } from "@/components/maps/types";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { CONDITIONS, DEFAULT_CONDITION, DESCRIPTION_MAX, MAX_IMAGES, TITLE_MAX, type Condition } from "@/lib/domains/catalog/client";
import { listingSchema, type ListingPayload } from "@/lib/domains/catalog/schemas";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { formatPriceInput, parsePriceInput, type PriceInputError } from "@/lib/platform/money/price-input";
import { cn } from "@/lib/platform/utils";
import { ListingImages, type ListingImage } from "./listing-images";
import { fieldErrorsOfBody, readErrorBody, useListingMessage } from "./listing-messages";

/** SPEC section 9: each upload may take 30 s; after a listing, /browse follows in 2 s. */
export const UPLOAD_TIMEOUT_MS = 30_000;
export const REDIRECT_AFTER_LISTING_MS = 2_000;

export type CategoryOption = { name: string; label: string };

/** What the edit page knows of the product it edits. */
export type EditableProduct = {
  id: string;
  title: string;
  description: string;
  /** Euros. */
  price: number;
  category: string;
  condition: Condition;
  images: { url: string; preview: string }[];
  location: SelectedLocation | null;
};

type ListingFormProps = {
  categories: CategoryOption[];
  /** Given: edit this product (PUT); otherwise list a new one (POST). */
  product?: EditableProduct;
  googleMapsKey?: string;
  googleMapId?: string;
};

type Field = "title" | "description" | "price" | "category" | "condition" | "images" | "location";
type FieldErrors = Partial<Record<Field, string>>;

/** Schema and API field names → the form's fields. */
const FIELD_OF: Record<string, Field> = {
  title: "title",
  description: "description",
  price: "price",
  category: "category",
  condition: "condition",
  images: "images",
  location_id: "location",
};

/** The order fields are checked and focused in, as SPEC section 5 and the layout have them. */
const FIELD_ORDER: Field[] = ["location", "images", "category", "title", "description", "price", "condition"];

/** What the price parser says → its message under `listing.errors`. */
const PRICE_ERROR_KEY: Record<PriceInputError, string> = {
  required: "priceRequired",
  invalid: "priceNotANumber",
  ambiguous: "priceAmbiguous",
  decimals: "priceDecimals",
  too_low: "priceTooLow",
  too_high: "priceTooHigh",
};

class UploadError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

let imageKeys = 0;
const nextImageKey = () => `image-${++imageKeys}`;

export function ListingForm({ categories, product, googleMapsKey, googleMapId }: ListingFormProps) {
  const t = useTranslations("listing");
  const translate = useListingMessage();
  const router = useRouter();
  const ids = React.useId();
  const editing = product !== undefined;

  const [title, setTitle] = React.useState(product?.title ?? "");
  const [description, setDescription] = React.useState(product?.description ?? "");
  const locale = resolveLocale(useLocale());
  // The price as the user types it ("45,50", "1.250"); parsed by the one price parser.
  const [price, setPrice] = React.useState(product ? formatPriceInput(Math.round(product.price * 100), locale) : "");
  const [category, setCategory] = React.useState(product?.category ?? "");
  const [condition, setCondition] = React.useState<Condition>(product?.condition ?? DEFAULT_CONDITION);
  const [images, setImages] = React.useState<ListingImage[]>(
    () => product?.images.map((image) => ({ key: nextImageKey(), kind: "remote", ...image })) ?? [],
  );
  const [location, setLocation] = React.useState<SelectedLocation | null>(product?.location ?? null);
  // A new key remounts the picker, which also clears its search box.
  const [pickerKey, setPickerKey] = React.useState(0);
  const [submitting, setSubmitting] = React.useState(false);
  const [progress, setProgress] = React.useState<{ current: number; total: number } | null>(null);
  const [errors, setErrors] = React.useState<FieldErrors>({});

  const formRef = React.useRef<HTMLFormElement>(null);
  const redirectTimer = React.useRef<number | undefined>(undefined);
  // Every object URL this form made, so none outlives the page.
  const objectUrls = React.useRef(new Set<string>());

  React.useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      window.clearTimeout(redirectTimer.current);
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const fieldId = (field: Field) => `${ids}-${field}`;
  const errorId = (field: Field) => (errors[field] ? `${ids}-${field}-error` : undefined);

  function clearError(field: Field) {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }

  function releasePreview(image: ListingImage) {
    if (objectUrls.current.delete(image.preview)) URL.revokeObjectURL(image.preview);
  }

  function addFiles(files: File[]) {
    const added = files.map((file): ListingImage => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      return { key: nextImageKey(), kind: "file", file, preview };
    });
    setImages((current) => [...current, ...added].slice(0, MAX_IMAGES));
    clearError("images");
  }

  function removeImage(key: string) {
    setImages((current) => {
      const removed = current.find((image) => image.key === key);
      if (removed) releasePreview(removed);
      return current.filter((image) => image.key !== key);
    });
  }

  function makeMain(key: string) {
    setImages((current) => {
      const chosen = current.find((image) => image.key === key);
      return chosen ? [chosen, ...current.filter((image) => image !== chosen)] : current;
    });
  }

  function changeLocation(next: SelectedLocation) {
    setLocation(next);
    clearError("location");
  }

  function resetForm() {
    setTitle("");
    setDescription("");
    setPrice("");
    setCategory("");
    setCondition(DEFAULT_CONDITION);
    images.forEach(releasePreview);
    setImages([]);
    setLocation(null);
    setPickerKey((key) => key + 1);
    setErrors({});
  }

  /** Shows the errors next to their fields and moves the focus to the first one. */
  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (!first) return;
    requestAnimationFrame(() => {
      const form = formRef.current;
      const target =
        first === "location"
          ? form?.querySelector<HTMLElement>('[data-testid="location-picker-search"]')
          : form?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`);
      target?.focus();
      if (first === "images") target?.parentElement?.scrollIntoView({ block: "center", behavior: "smooth" });
    });
  }

  /** Uploads one photo (SPEC section 7: field `file`, 30 s); returns its URL. */
  async function upload(file: File): Promise<string> {
    const body = new FormData();
    body.append("file", file, file.name);
    let response: Response;
    try {
      response = await fetch("/api/upload-image", {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new UploadError(timedOut ? t("errors.uploadTimeout") : t("errors.uploadError"));
    }
    if (!response.ok) {
      const data = await readErrorBody(response);
      const detail = typeof data.detail === "string" ? data.detail : "";
      throw new UploadError(detail ? `${file.name}: ${translate(detail, data.code)}` : t("errors.uploadError"));
    }
    const data = (await response.json()) as { url?: unknown };
    if (typeof data.url !== "string") throw new UploadError(t("errors.uploadError"));
    return data.url;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;

    // SPEC section 5, in this order, each with its own message.
    if (!location) {
      toast.error(t("errors.locationRequired"));
      showErrors({ location: t("errors.locationRequired") });
      return;
    }
    if (images.length === 0) {
      toast.error(t("errors.imagesRequired"));
      showErrors({ images: t("errors.imagesRequired") });
      return;
    }
    if (!category) {
      toast.error(t("errors.categoryRequired"));
      showErrors({ category: t("errors.categoryRequired") });
      return;
    }

    // The price as typed, read the way people in this language write it; anything
    // ambiguous is asked about rather than guessed. Its message joins the schema's.
    const parsedPrice = parsePriceInput(price, locale);
    const priceError = parsedPrice.ok ? null : t(`errors.${PRICE_ERROR_KEY[parsedPrice.error]}`);
    const priceEuros = parsedPrice.ok ? parsedPrice.cents / 100 : 1;
    if (parsedPrice.ok) setPrice(formatPriceInput(parsedPrice.cents, locale));

    // The shared schema, with stand-ins for photos that are not uploaded yet.
    const draft: ListingPayload = {
      title: title.trim(),
      description: description.trim(),
      price: priceEuros,
      category,
      condition,
      images: images.map((image) => (image.kind === "remote" ? image.url : `pending:${image.key}`)),
      location_id: location.id,
    };
    const parsed = listingSchema.safeParse(draft);
    if (!parsed.success || priceError) {
      const next: FieldErrors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0] ?? "")];
        if (field && !next[field]) next[field] = translate(issue.message);
      }
      if (priceError) next.price = priceError;
      const first = FIELD_ORDER.map((field) => next[field]).find(Boolean);
      if (first) toast.error(first);
      showErrors(next);
      return;
    }
    setErrors({});
    setSubmitting(true);

    try {
      // Sequential uploads (SPEC section 7); an uploaded photo keeps its URL, so a retry
      // after a failure further on does not upload it again.
      const pending = images.filter((image) => image.kind === "file");
      const urls = new Map<string, string>();
      for (const [index, image] of pending.entries()) {
        setProgress({ current: index + 1, total: pending.length });
        try {
          urls.set(image.key, await upload(image.file));
        } catch (error) {
          toast.error(t("errors.uploadFailed"), {
            description: error instanceof UploadError ? error.reason : undefined,
          });
          setErrors({ images: t("errors.uploadFailed") });
          return;
        } finally {
          if (urls.size > 0) {
            setImages((current) =>
              current.map((item) => {
                const url = urls.get(item.key);
                return url && item.kind === "file" ? { key: item.key, kind: "remote", url, preview: item.preview } : item;
              }),
            );
          }
        }
      }
      setProgress(null);

      const payload = {
        title: title.trim(),
        description: description.trim(),
        price: priceEuros,
        category,
        condition,
        images: images.map((image) => (image.kind === "remote" ? image.url : urls.get(image.key)!)),
        location_id: location.id,
      };
      let response: Response;
      try {
        response = await fetch(editing ? `/api/products/${product.id}` : "/api/products", {
          method: editing ? "PUT" : "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(payload),
        });
      } catch {
        toast.error(t("errors.network"));
        return;
      }
      if (!response.ok) {
        const data = await readErrorBody(response);
        const next: FieldErrors = {};
        for (const item of fieldErrorsOfBody(data)) {
          const field = FIELD_OF[item.field];
          if (field && !next[field]) next[field] = translate(item.message);
        }
        const detail = typeof data.detail === "string" && data.detail ? translate(data.detail, data.code) : null;
        toast.error(detail ?? (editing ? t("errors.updateFailed") : t("errors.listFailed")));
        showErrors(next);
        return;
      }
      const saved = (await response.json()) as { id: string };
      if (editing) {
        toast.success(t("updated"));
        router.push(`/product/${saved.id}`);
        router.refresh();
        return;
      }
      toast.success(t("success"));
      resetForm();
      redirectTimer.current = window.setTimeout(() => router.push("/browse"), REDIRECT_AFTER_LISTING_MS);
    } finally {
      setProgress(null);
      setSubmitting(false);
    }
  }

  const submitLabel = editing
    ? submitting
      ? t("saving")
      : t("save")
    : submitting
      ? t("submitting")
      : t("submit");

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-8" data-testid="listing-form" aria-busy={submitting}>
      <Section icon={PackageIcon} title={t("sections.details")} headingId={`${ids}-details`}>
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <Label htmlFor={fieldId("title")}>{t("fields.title")}</Label>
            <Counter id={`${ids}-title-count`} count={title.length} max={TITLE_MAX} testId="listing-title-count" />
          </div>
          <Input
            id={fieldId("title")}
            data-testid="listing-title"
            value={title}
            maxLength={TITLE_MAX}
            required
            autoComplete="off"
            placeholder={t("fields.titlePlaceholder")}
            onChange={(event) => {
              setTitle(event.target.value);
              clearError("title");
            }}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={[`${ids}-title-count`, errorId("title")].filter(Boolean).join(" ")}
          />
          <FieldError id={errorId("title")} message={errors.title} field="title" />
        </div>

        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <Label htmlFor={fieldId("description")}>{t("fields.description")}</Label>
            <Counter
              id={`${ids}-description-count`}
              count={description.length}
              max={DESCRIPTION_MAX}
              testId="listing-description-count"
            />
          </div>
          <Textarea
            id={fieldId("description")}
            data-testid="listing-description"
            value={description}
            maxLength={DESCRIPTION_MAX}
            required
            rows={6}
            placeholder={t("fields.descriptionPlaceholder")}
            onChange={(event) => {
              setDescription(event.target.value);
              clearError("description");
            }}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={[`${ids}-description-count`, errorId("description")].filter(Boolean).join(" ")}
          />
          <FieldError id={errorId("description")} message={errors.description} field="description" />
        </div>

        <div className="grid gap-6 sm:grid-cols-3">
          <div className="space-y-2">
            <Label htmlFor={fieldId("price")}>{t("fields.price")}</Label>
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
              >
                €
              </span>
              <Input
                id={fieldId("price")}
                data-testid="listing-price"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                required
                value={price}
                placeholder={t("fields.pricePlaceholder")}
                onChange={(event) => {
                  setPrice(event.target.value);
                  clearError("price");
                }}
                onBlur={() => {
                  const parsed = parsePriceInput(price, locale);
                  if (parsed.ok) setPrice(formatPriceInput(parsed.cents, locale));
                  else if (price.trim()) setErrors((current) => ({ ...current, price: t(`errors.${PRICE_ERROR_KEY[parsed.error]}`) }));
                }}
                aria-invalid={errors.price ? true : undefined}
                aria-describedby={errorId("price")}
                className="pl-7"
              />
            </div>
            <FieldError id={errorId("price")} message={errors.price} field="price" />
          </div>

          <div className="space-y-2">
            <Label htmlFor={fieldId("category")}>{t("fields.category")}</Label>
            <NativeSelect
              id={fieldId("category")}
              data-testid="listing-category"
              value={category}
              required
              onChange={(event) => {
                setCategory(event.target.value);
                clearError("category");
              }}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={errorId("category")}
            >
              <option value="">{t("fields.categoryPlaceholder")}</option>
              {categories.map((option) => (
                <option key={option.name} value={option.name}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={errorId("category")} message={errors.category} field="category" />
          </div>

          <div className="space-y-2">
            <Label htmlFor={fieldId("condition")}>{t("fields.condition")}</Label>
            <NativeSelect
              id={fieldId("condition")}
              data-testid="listing-condition"
              value={condition}
              onChange={(event) => {
                setCondition(event.target.value as Condition);
                clearError("condition");
              }}
              aria-invalid={errors.condition ? true : undefined}
              aria-describedby={errorId("condition")}
            >
              {CONDITIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`conditions.${value}`)}
                </option>
              ))}
            </NativeSelect>
            <FieldError id={errorId("condition")} message={errors.condition} field="condition" />
          </div>
        </div>
      </Section>

      <Section
        icon={ImagesIcon}
        title={t("sections.photos")}
        headingId={`${ids}-photos`}
        description={t("sections.photosText")}
      >
        <ListingImages
          id={fieldId("images")}
          hintId={`${ids}-images-hint`}
          images={images}
          onAdd={addFiles}
          onRemove={removeImage}
          onMakeMain={makeMain}
          disabled={submitting}
          errorId={errorId("images")}
        />
        <FieldError id={errorId("images")} message={errors.images} field="images" />
      </Section>

      <Section
        icon={MapPinIcon}
        title={t("sections.location")}
        headingId={`${ids}-location`}
        description={t("sections.locationText")}
      >
        <LocationPicker
          key={pickerKey}
          value={location}
          onChange={changeLocation}
          googleMapsKey={googleMapsKey}
          googleMapId={googleMapId}
          invalid={Boolean(errors.location)}
          errorMessageId={errorId("location")}
        />
        <FieldError id={errorId("location")} message={errors.location} field="location" />
      </Section>

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
    </form>
  );
}

function Section({
  icon: Icon,
  title,
  description,
  headingId,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  description?: string;
  headingId: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg leading-9 font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

function Counter({ id, count, max, testId }: { id: string; count: number; max: number; testId: string }) {
  const t = useTranslations("listing");
  return (
    <span
      id={id}
      data-testid={testId}
      className={cn("text-xs text-muted-foreground tabular-nums", count >= max && "font-medium text-destructive")}
    >
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span className="sr-only">{t("fields.counter", { count, max })}</span>
    </span>
  );
}

function FieldError({ id, message, field }: { id: string | undefined; message: string | undefined; field: Field }) {
  if (!id || !message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid={`listing-error-${field}`}>
      {message}
    </p>
  );
}
