"use client";

/**
 * Field errors of a form: from the shared zod schema before sending, or from the server's
 * `errors[]` after; the first field with an error gets the focus, and a field's error goes
 * as soon as it is edited. Messages are chosen by field and rule, never by the English
 * text the schema or the server carry (that is the API's, not the page's).
 */
import * as React from "react";
import { ApiError } from "./api-client";

/** What the forms need of a zod issue (the type only: no zod in this module). */
export type Issue = {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly minimum?: number | bigint;
  readonly params?: Record<string, unknown>;
};

/**
 * Which rule a value broke: "required", "tooShort", "tooLong", "invalid", or what a custom
 * issue names in `params.rule` ("characters", ...); "reserved" comes from the server.
 */
export type Rule = string;

/** The rule of a zod issue (custom issues say theirs in `params.rule`). */
export function ruleOfIssue(issue: Issue): Rule {
  switch (issue.code) {
    case "custom":
      return typeof issue.params?.rule === "string" ? issue.params.rule : "invalid";
    case "invalid_type":
      return "required";
    case "too_small":
      return Number(issue.minimum) <= 1 ? "required" : "tooShort";
    case "too_big":
      return "tooLong";
    default:
      return "invalid";
  }
}

/** The rule a server-side field error broke, by the answer's code. */
export function ruleOfCode(code: ApiError["code"]): Rule {
  if (code === "name_reserved") return "reserved";
  if (code === "invalid_characters") return "characters";
  return "invalid";
}

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * `{field: message}` of zod issues, first issue per field (`text` is the schema's English
 * message, for a field the page has no translation for); `fieldOf` maps the schema's
 * top-level key to the form's field (unknown keys are left out).
 */
export function issueErrors<F extends string>(
  issues: readonly Issue[],
  message: (field: F, rule: Rule, text: string) => string,
  fieldOf: (key: string) => F | undefined = (key) => key as F,
): Errors<F> {
  const out: Errors<F> = {};
  for (const issue of issues) {
    const field = fieldOf(String(issue.path[0] ?? ""));
    // An item inside the field (`images.2`): that item is not valid, whatever its rule.
    const rule = issue.path.length > 1 ? "invalid" : ruleOfIssue(issue);
    if (field && !out[field]) out[field] = message(field, rule, issue.message);
  }
  return out;
}

/** `{field: message}` of a failed call's `errors[]` (`images.2` counts as `images`). */
export function serverErrors<F extends string>(
  error: unknown,
  message: (field: F, rule: Rule, text: string) => string,
  fieldOf: (key: string) => F | undefined = (key) => key as F,
): Errors<F> {
  const out: Errors<F> = {};
  if (!(error instanceof ApiError)) return out;
  const rule = ruleOfCode(error.code);
  for (const item of error.errors) {
    const field = fieldOf(item.field.split(".")[0] ?? item.field);
    if (field && !out[field]) out[field] = message(field, rule, item.message);
  }
  return out;
}

type Options<F extends string> = {
  /** The order to look for the first error in; default: the order of the form's fields. */
  order?: readonly F[];
  /** Focuses `field` (default: the first control marked aria-invalid in the form). */
  focus?: (field: F, form: HTMLFormElement) => void;
};

/** A form's field errors; put `formRef` on the <form>. */
export function useFormErrors<F extends string>({ order, focus }: Options<F> = {}) {
  const formRef = React.useRef<HTMLFormElement>(null);
  const [errors, setErrors] = React.useState<Errors<F>>({});

  /** Forgets a field's error (call it when the field is edited). */
  const clear = React.useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Shows these errors (only these) and moves the focus to the first. */
  const show = React.useCallback(
    (next: Errors<F>) => {
      setErrors(next);
      const fields = order ?? (Object.keys(next) as F[]);
      const first = fields.find((field) => next[field]);
      if (!first) return;
      // After React has rendered the marks.
      requestAnimationFrame(() => {
        const form = formRef.current;
        if (!form) return;
        if (focus) focus(first, form);
        else form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
    },
    [order, focus],
  );

  /** Adds one error without moving the focus (a check on leaving a field). */
  const set = React.useCallback((field: F, message: string) => setErrors((current) => ({ ...current, [field]: message })), []);

  const reset = React.useCallback(() => setErrors({}), []);

  /** The first message in `order` (or in the object's order): for a toast. */
  const firstOf = React.useCallback(
    (next: Errors<F>) => (order ? order.map((field) => next[field]).find(Boolean) : Object.values<string | undefined>(next).find(Boolean)),
    [order],
  );

  return { formRef, errors, show, clear, set, reset, firstOf };
}
