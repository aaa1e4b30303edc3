"use client";

/**
 * The sell page for a business seller whose trader details are incomplete (an account
 * from before registration asked for them): the missing details right here, before the
 * listing form, instead of a refused listing after the photos. Saved through
 * PUT /api/users/me; the page then shows the listing form. The listing endpoint still
 * refuses (422 `trader_details_required`) whatever reaches it without them.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { BuildingIcon } from "lucide-react";
import { PhoneInput, phoneFromE164, phoneToE164, type PhoneValue } from "@/components/auth/phone-input";
import { apiResult } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { TraderDetailFields, type TraderDetailField as SharedField } from "@/components/accounts/trader-detail-fields";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";

type TraderDetailField = SharedField | "phone";

type Props = {
  name: string;
  missing: readonly string[];
  values: { kvk_number: string | null; business_address: string | null; phone: string | null };
};

type Errors = Partial<Record<TraderDetailField, string>>;

export function TraderDetailsGate({ name, missing, values }: Props) {
  const t = useTranslations("listing.traderGate");
  const errorText = useErrorText();
  const router = useRouter();
  const asks = (field: TraderDetailField) => missing.includes(field);
  const [kvk, setKvk] = React.useState(values.kvk_number ?? "");
  const [address, setAddress] = React.useState(values.business_address ?? "");
  const [phone, setPhone] = React.useState<PhoneValue>(() => phoneFromE164(values.phone));
  const [certified, setCertified] = React.useState(false);
  const [errors, setErrors] = React.useState<Errors>({});
  const [saving, setSaving] = React.useState(false);

  function check(): Errors {
    const next: Errors = {};
    if (asks("kvk_number") && !/^\d{8}$/.test(kvk.replace(/[\s.-]/g, ""))) next.kvk_number = t("errors.kvk_number");
    if (asks("business_address") && !address.trim()) next.business_address = t("errors.business_address");
    if (asks("phone") && !phoneToE164(phone)) next.phone = t("errors.phone");
    if (asks("trader_self_certified") && !certified) next.trader_self_certified = t("errors.trader_self_certified");
    return next;
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      name,
      ...(asks("kvk_number") ? { kvk_number: kvk.trim() } : {}),
      ...(asks("business_address") ? { business_address: address.trim() } : {}),
      ...(asks("phone") ? { phone: phoneToE164(phone) } : {}),
      ...(asks("trader_self_certified") ? { trader_self_certified: true } : {}),
    };
    setSaving(true);
    try {
      const saved = await apiResult("/api/users/me", { method: "PUT", json: body });
      if (!saved.ok) {
        if (saved.status === 0) throw saved.error;
        const next: Errors = {};
        for (const e of saved.error.errors ?? []) {
          if (["kvk_number", "business_address", "phone", "trader_self_certified"].includes(e.field)) {
            next[e.field as TraderDetailField] = t(`errors.${e.field as TraderDetailField}`);
          }
        }
        setErrors(next);
        toast.error(t("failed"), { description: Object.values(next)[0] ?? (errorText(saved.error, "") || undefined) });
        return;
      }
      toast.success(t("saved"));
      router.refresh();
    } catch {
      toast.error(t("failed"), { description: t("network") });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-xl border bg-muted/40 p-4 sm:p-6" data-testid="trader-details-gate">
      <div className="space-y-1">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <BuildingIcon aria-hidden="true" className="size-5" />
          {t("title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("intro")}</p>
      </div>
      <TraderGateFields
        asks={asks}
        errors={errors}
        values={{ kvk, address, phone, certified }}
        setters={{ setKvk, setAddress, setPhone, setCertified }}
      />
      <Button type="submit" disabled={saving} className="min-h-11 w-full sm:w-auto" data-testid="trader-gate-save">
        {saving ? <Spinner className="text-current" /> : null}
        {t("save")}
      </Button>
    </form>
  );
}

type GateValues = { kvk: string; address: string; phone: PhoneValue; certified: boolean };
type GateSetters = {
  setKvk: (value: string) => void;
  setAddress: (value: string) => void;
  setPhone: (value: PhoneValue) => void;
  setCertified: (value: boolean) => void;
};

/** The missing details' fields, each with its error: the shared trader fields, the phone between them. */
function TraderGateFields({ asks, errors, values, setters }: { asks: (field: TraderDetailField) => boolean; errors: Errors; values: GateValues; setters: GateSetters }) {
  const t = useTranslations("listing.traderGate");
  const { kvk, address, phone, certified } = values;
  const { setKvk, setAddress, setPhone, setCertified } = setters;
  const shared = {
    idPrefix: "trader-gate",
    values: { kvk_number: kvk, business_address: address, trader_self_certified: certified },
    onChange: (field: SharedField, value: string | boolean) => {
      if (field === "kvk_number") setKvk(String(value));
      else if (field === "business_address") setAddress(String(value));
      else setCertified(value === true);
    },
    errors,
  };
  return (
    <div className="grid gap-4">
      <TraderDetailFields {...shared} fields={(["kvk_number", "business_address"] as const).filter(asks)} />
      {asks("phone") ? (
        <div className="space-y-2">
          <Label htmlFor="trader-gate-phone">{t("phone")}</Label>
          <PhoneInput id="trader-gate-phone" data-testid="trader-gate-phone" value={phone} onChange={setPhone} invalid={Boolean(errors.phone)} describedBy={errors.phone ? "trader-gate-phone-error" : undefined} />
          {errors.phone ? (
            <p id="trader-gate-phone-error" className="text-sm font-medium text-destructive" data-testid="trader-gate-phone-error">
              {errors.phone}
            </p>
          ) : null}
        </div>
      ) : null}
      <TraderDetailFields {...shared} fields={(["trader_self_certified"] as const).filter(asks)} />
    </div>
  );
}
