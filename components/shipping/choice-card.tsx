"use client";

/** One radio choice as a card (a delivery method, a destination): icon, title and a line of text. */
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";

export function ChoiceCard({
  name,
  value,
  checked,
  disabled,
  onChange,
  icon: Icon,
  title,
  text,
  testId,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  icon: LucideIcon;
  title: string;
  text: string;
  testId: string;
}) {
  return (
    <label
      className={cn(
        "flex items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40",
        disabled ? "cursor-not-allowed opacity-60" : "cursor-pointer",
        checked ? "border-primary bg-primary/5" : !disabled && "hover:bg-muted/50",
      )}
      data-testid={testId}
      data-checked={checked}
    >
      <input type="radio" name={name} value={value} checked={checked} disabled={disabled} onChange={onChange} className="mt-1 accent-primary" />
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <span className="min-w-0 flex-1">
        <span className="block font-medium">{title}</span>
        <span className="block text-sm text-muted-foreground">{text}</span>
      </span>
    </label>
  );
}
