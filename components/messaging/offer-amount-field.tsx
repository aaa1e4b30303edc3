"use client";

// The amount field of an offer, shared by the chat's offer dialog and the listing's
// "Doe een bod" dialog: label, a decimal input and its error, wired for screen readers.
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function OfferAmountField({
  id,
  label,
  value,
  onChange,
  error,
  errorCode,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  /** Called with the new text; the caller clears its error there. */
  onChange: (value: string) => void;
  /** The error's text, or null. */
  error: string | null;
  /** The API's code of the error, on the message as data-code. */
  errorCode?: string;
  /** Test ids: `${testId}-amount` and `${testId}-error`. */
  testId: string;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="€"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={`${testId}-amount`}
        autoFocus
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${testId}-error`} data-code={errorCode}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
