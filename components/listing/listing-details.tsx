"use client";

/** The sell form's "details" section: title, description, price, category and condition. */
import { PackageIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { CONDITIONS, DESCRIPTION_MAX, TITLE_MAX, type Condition } from "@/lib/domains/catalog/client";
import type { ListingField } from "./listing-messages";
import { Counter, FieldError, Section } from "./listing-parts";

export type CategoryOption = { name: string; label: string };

/** What the details section edits; the price as the user types it ("45,50", "1.250"). */
export type ListingDetails = {
  title: string;
  description: string;
  price: string;
  category: string;
  condition: Condition;
  /** The optional minimum offer as typed; "" for none (absent in drafts saved before it existed). */
  minOffer?: string;
};

type Props = {
  /** The form's id prefix (React.useId). */
  ids: string;
  values: ListingDetails;
  onChange: <K extends keyof ListingDetails>(field: K, value: ListingDetails[K]) => void;
  /** The price field was left: read it and show it tidily, or say what is wrong. */
  onPriceBlur: () => void;
  errors: Partial<Record<ListingField, string>>;
  categories: CategoryOption[];
};

export function ListingDetailsSection({ ids, values, onChange, onPriceBlur, errors, categories }: Props) {
  const t = useTranslations("listing");
  const fieldId = (field: ListingField) => `${ids}-${field}`;
  const errorId = (field: ListingField) => (errors[field] ? `${ids}-${field}-error` : undefined);
  return (
    <Section icon={PackageIcon} title={t("sections.details")} headingId={`${ids}-details`}>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={fieldId("title")}>{t("fields.title")}</Label>
          <Counter id={`${ids}-title-count`} count={values.title.length} max={TITLE_MAX} testId="listing-title-count" />
        </div>
        <Input
          id={fieldId("title")}
          data-testid="listing-title"
          value={values.title}
          maxLength={TITLE_MAX}
          required
          autoComplete="off"
          placeholder={t("fields.titlePlaceholder")}
          onChange={(event) => onChange("title", event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={[`${ids}-title-count`, errorId("title")].filter(Boolean).join(" ")}
        />
        <FieldError id={errorId("title")} message={errors.title} field="title" />
      </div>

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <Label htmlFor={fieldId("description")}>{t("fields.description")}</Label>
          <Counter id={`${ids}-description-count`} count={values.description.length} max={DESCRIPTION_MAX} testId="listing-description-count" />
        </div>
        <Textarea
          id={fieldId("description")}
          data-testid="listing-description"
          value={values.description}
          maxLength={DESCRIPTION_MAX}
          required
          rows={6}
          placeholder={t("fields.descriptionPlaceholder")}
          onChange={(event) => onChange("description", event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[`${ids}-description-count`, errorId("description")].filter(Boolean).join(" ")}
        />
        <FieldError id={errorId("description")} message={errors.description} field="description" />
      </div>

      <div className="grid gap-6 sm:grid-cols-3">
        <div className="space-y-2">
          <Label htmlFor={fieldId("price")}>{t("fields.price")}</Label>
          <div className="relative">
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
              €
            </span>
            <Input
              id={fieldId("price")}
              data-testid="listing-price"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              required
              value={values.price}
              placeholder={t("fields.pricePlaceholder")}
              onChange={(event) => onChange("price", event.target.value)}
              onBlur={onPriceBlur}
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
            value={values.category}
            required
            onChange={(event) => onChange("category", event.target.value)}
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
            value={values.condition}
            onChange={(event) => onChange("condition", event.target.value as Condition)}
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

      <MinOfferField ids={ids} values={values} onChange={onChange} errors={errors} />
    </Section>
  );
}

/** The optional minimum offer: offers below it are refused; buyers never see the amount. */
function MinOfferField({ ids, values, onChange, errors }: Pick<Props, "ids" | "values" | "onChange" | "errors">) {
  const t = useTranslations("listing");
  const fieldId = (field: ListingField) => `${ids}-${field}`;
  const errorId = (field: ListingField) => (errors[field] ? `${ids}-${field}-error` : undefined);
  return (
    <div className="space-y-2 sm:max-w-xs">
      <Label htmlFor={fieldId("min_offer")}>{t("fields.minOffer")}</Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
          €
        </span>
        <Input
          id={fieldId("min_offer")}
          data-testid="listing-min-offer"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={values.minOffer ?? ""}
          onChange={(event) => onChange("minOffer", event.target.value)}
          aria-invalid={errors.min_offer ? true : undefined}
          aria-describedby={[`${ids}-min-offer-hint`, errorId("min_offer")].filter(Boolean).join(" ")}
          className="pl-7"
        />
      </div>
      <p id={`${ids}-min-offer-hint`} className="text-xs text-muted-foreground">
        {t("fields.minOfferHint")}
      </p>
      <FieldError id={errorId("min_offer")} message={errors.min_offer} field="min_offer" />
    </div>
  );
}
