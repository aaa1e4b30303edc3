import pino from "pino";
import { env } from "@/lib/platform/env";

let logger: pino.Logger | undefined;

/** Structured JSON logs (pino). Secrets are redacted by path. */
export function log(): pino.Logger {
  logger ??= pino({
    level: safeLevel(),
    base: { service: "kringwaar" },
    redact: {
      paths: ["password", "*.password", "authorization", "*.authorization", "token", "*.token"],
      censor: "[redacted]",
    },
  });
  return logger;
}

function safeLevel() {
  try {
    return env().LOG_LEVEL;
  } catch {
    return "info";
  }
}
