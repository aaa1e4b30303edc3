/**
 * A mail's subject, plain text and HTML in the recipient's language, from the texts in
 * messages/<locale>.json (`mail.*`). Every value is HTML-escaped in the HTML part.
 */
import { createTranslator } from "next-intl";
import type { Locale } from "@/lib/platform/i18n/config";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { MAIL_TEMPLATES, REQUIRED_CATEGORIES, type MailTemplate } from "./categories";

const MESSAGES = { nl, en } as const;

export type MailData = Record<string, string>;

export type RenderedMail = { subject: string; text: string; html: string };

export type RenderInput = {
  template: MailTemplate;
  locale: Locale;
  data: MailData;
  /** The greeting's name; none for an address without account. */
  name?: string | null;
  /** The button's target. */
  actionUrl: string;
  /** One-click unsubscribe for mails that are not strictly needed. */
  unsubscribeUrl?: string | null;
  settingsUrl: string;
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function translator(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale], namespace: "mail" });
}

export function renderMail(input: RenderInput): RenderedMail {
  const t = translator(input.locale);
  const key = `templates.${input.template}` as const;
  const values = input.data;
  const subject = t(`${key}.subject`, values).replace(/\s+/g, " ").trim();
  const body = t(`${key}.body`, values);
  const action = t(`${key}.action`);
  const category = MAIL_TEMPLATES[input.template];
  const greeting = input.name ? t("greeting", { name: input.name }) : null;
  const optional = !REQUIRED_CATEGORIES.includes(category);
  const categoryName = t(`categoryNames.${category}`);

  const text = [
    greeting,
    body,
    `${action}: ${input.actionUrl}`,
    t("signature"),
    "--",
    t("footer"),
    optional && input.unsubscribeUrl ? t("unsubscribe", { category: categoryName, url: input.unsubscribeUrl }) : null,
    t("settingsHint", { url: input.settingsUrl }),
  ]
    .filter((line): line is string => !!line)
    .join("\n\n");

  // The whole sentence, values included, is escaped once.
  const htmlBody = escapeHtml(body);
  const button = `<a href="${escapeHtml(input.actionUrl)}" style="display:inline-block;background:#1f6f5c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action)}</a>`;
  const footer = [
    escapeHtml(t("footer")),
    optional && input.unsubscribeUrl
      ? `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#555555">${escapeHtml(t("unsubscribeLink"))}</a>`
      : null,
    `<a href="${escapeHtml(input.settingsUrl)}" style="color:#555555">${escapeHtml(input.settingsUrl)}</a>`,
  ]
    .filter(Boolean)
    .join("<br>");
  const html = `<!doctype html>
<html lang="${input.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f6f4ef;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1c1c">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:28px">
<tr><td style="font-size:20px;font-weight:700;color:#1f6f5c;padding-bottom:16px">Kringwaar</td></tr>
${greeting ? `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:12px">${escapeHtml(greeting)}</td></tr>` : ""}
<tr><td style="font-size:16px;line-height:1.5;padding-bottom:20px">${htmlBody}</td></tr>
<tr><td style="padding-bottom:24px">${button}</td></tr>
<tr><td style="font-size:16px;line-height:1.5;white-space:pre-line">${escapeHtml(t("signature"))}</td></tr>
</table>
<p style="max-width:560px;font-size:12px;line-height:1.5;color:#555555">${footer}</p>
</td></tr></table>
</body>
</html>`;
  return { subject, text, html };
}
