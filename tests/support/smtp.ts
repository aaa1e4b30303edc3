/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message it
 * accepts, for the mail tests.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { resetEnvCache } from "@/lib/platform/env";

/** `raw`: the message decoded for reading its texts; `headers`: the header block as sent (unfolded). */
type Received = { to: string[]; raw: string; headers: string };

/** A loopback SMTP server that keeps every message it accepts. */
export class TestSmtp {
  received: Received[] = [];
  private server?: SMTPServer;

  async start(port = 0): Promise<number> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const headers = text.split(/\r?\n\r?\n/)[0]!.replace(/\r\n/g, "\n").replace(/\n[ \t]+(?=\S)/g, " ");
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decode(text), headers });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): Received[] {
    return this.received.filter((m) => m.to.includes(address));
  }
}

/** Line ends, folded headers, quoted-printable soft breaks and escapes: enough to read texts and links. */
export function decode(raw: string): string {
  return raw
    .replace(/\r\n/g, "\n")
    .replace(/\n[ \t]+(?=\S)/g, " ")
    .replace(/=\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ""), "hex").toString("utf8"));
}

export function useSmtp(port: number) {
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnvCache();
}
