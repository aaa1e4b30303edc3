"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@/lib/domains/accounts/client";
import type { Rule } from "@/components/lib/use-form-errors";

/** API and schema field names → the prefix of their `auth.validation.*` messages. */
const FIELD_KEYS: Record<string, string> = {
  email: "email",
  password: "password",
  name: "name",
  phone: "phone",
  business_name: "company",
  vat_number: "vat",
  kvk_number: "kvk",
  business_address: "businessAddress",
  trader_self_certified: "traderCertification",
};

const capitalized = (rule: Rule) => rule.charAt(0).toUpperCase() + rule.slice(1);

/**
 * The translated message for a field and the rule it broke (components/lib/use-form-
 * errors.ts): `auth.validation.<field><Rule>`, else the field's "Invalid" message; for a
 * field the dialog has no messages for, `text` (what the schema or server said) as is.
 */
export function useFieldMessage() {
  const t = useTranslations("auth.validation");
  return React.useCallback(
    (field: string, rule: Rule, text = ""): string => {
      const base = FIELD_KEYS[field];
      if (!base) return text;
      const key = `${base}${capitalized(rule)}`;
      if (!t.has(key)) return t(`${base}Invalid`);
      return t(key, { min: PASSWORD_MIN, max: base === "name" ? NAME_MAX : PASSWORD_MAX });
    },
    [t],
  );
}
