/**
 * Where mail goes: the SMTP server of SMTP_URL (nodemailer), or, without one (the
 * embedded default), an .eml file per message under DATA_DIR/mail: open it in any mail
 * program, or look at it with `docker compose up mailpit` and SMTP_URL set.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "@/lib/platform/env";

export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  readonly kind: "smtp" | "files";
}

let cached: { key: string; transport: MailTransport } | undefined;

/** The configured transport (rebuilt when SMTP_URL or DATA_DIR changes, e.g. in tests). */
export function mailTransport(): MailTransport {
  const { SMTP_URL, DATA_DIR } = env();
  const key = SMTP_URL ?? `files:${DATA_DIR}`;
  if (cached?.key !== key) cached = { key, transport: SMTP_URL ? smtpTransport(SMTP_URL) : fileTransport(mailDirectory()) };
  return cached.transport;
}

/** The folder of the .eml files when no SMTP server is configured. */
export function mailDirectory(): string {
  return path.resolve(env().DATA_DIR, "mail");
}

function message(mail: OutgoingMail) {
  return {
    from: env().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    // A stable id per outbox row: a receiver can recognise a retried message.
    messageId: `<${mail.id}@kringwaar.nl>`,
  };
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url, {});
  // Fail fast while the server is down; the outbox retries later.
  Object.assign(transporter.options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
  };
}

function fileTransport(directory: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(mail) {
      const info = await builder.sendMail(message(mail));
      await mkdir(directory, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await writeFile(path.join(directory, `${stamp}-${mail.id}.eml`), info.message as Buffer);
    },
  };
}
