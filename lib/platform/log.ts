import pino from "pino";
import { env } from "@/lib/platform/env";

let logger: pino.Logger | undefined;

/**
 * Structured JSON logs (pino). Secrets are redacted by path. Lines go to stdout
 * asynchronously (a request does not wait for its log line's write; lines
 * written meanwhile go out together); pino writes what is left when the process exits.
 */
export function log(): pino.Logger {
  logger ??= pino(
    {
      level: safeLevel(),
      base: { service: "kringwaar" },
      redact: {
        paths: ["password", "*.password", "authorization", "*.authorization", "token", "*.token"],
        censor: "[redacted]",
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
  return logger;
}

function safeLevel() {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info";
  }
}
