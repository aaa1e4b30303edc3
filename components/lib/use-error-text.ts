"use client";

/**
 * `errorText` bound to this page's language: a failed call's text from the `apiErrors`
 * messages (by code), or the page's own text for a code (`known`), or its fallback.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { errorText, type ErrorCode } from "@/components/lib/api-client";

export function useErrorText(): (error: unknown, fallback: string, known?: (code: ErrorCode) => string | null | undefined) => string {
  const t = useTranslations("apiErrors");
  return React.useCallback((error, fallback, known) => errorText(error, fallback, (code) => t(code), known), [t]);
}
