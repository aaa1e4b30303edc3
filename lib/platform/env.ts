/**
 * All configuration, parsed once with zod. Nothing else reads process.env (except
 * next-auth, which reads NEXTAUTH_URL itself). Parsing is lazy so that `next build`
 * works without runtime secrets; the first request fails loudly, naming the variable.
 */
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** No control characters (C0, C1) or lone surrogates: text that fits in an XML file. */
const printable = (v: string) => !/[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(v);

const postgresUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), "must be a postgresql:// URL");

/** Settings without which the S3 driver cannot work (S3_ENDPOINT unset means AWS). */
const S3_REQUIRED = ["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL"] as const;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL. `npm start` sets it to the embedded PGlite server when unset. */
  DATABASE_URL: postgresUrl,
  /** Connections per app instance. The embedded PGlite is one session: keep it at 1. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How long one statement of the app may wait for a row or table lock (ms) before
   * PostgreSQL cancels it: a lock held elsewhere (a long transaction, a console session)
   * then costs a request this long, not a pool connection for as long as it is held.
   * 0 turns it off. (The embedded PGlite ignores it: it is one session, nothing waits.)
   */
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(2_000),
  /** How long one statement of the app may run (ms) before PostgreSQL cancels it; 0: no limit. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * Streaming replicas for catalogue, search and profile reads (docs/scaling.md):
   * postgresql:// URLs, comma-separated; empty: everything reads the primary.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((url) => url.trim()).filter(Boolean))
    .refine((urls) => urls.every((url) => /^postgres(ql)?:\/\//.test(url)), "must be postgresql:// URLs, comma-separated"),
  /** A replica further behind than this (ms) is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).default(2_000),
  /** Signs sessions and bearer tokens; at least 32 characters. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters"),
  /**
   * Encrypts sellers' tax numbers and IBANs at rest (DAC7; AES-256-GCM): 32 bytes as 64
   * hex characters or base64. Required with NODE_ENV=production (below), so a leaked
   * session secret never opens the tax data; elsewhere, and on a demo without real money
   * (ALLOW_TEST_PAYMENTS_IN_PRODUCTION), unset means a key derived from AUTH_SECRET.
   * Changed only with `npm run tax:rotate-key` (docs/trust-and-law.md, "DAC7").
   */
  TAX_DATA_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || /^[0-9a-fA-F]{64}$/.test(v) || Buffer.from(v, "base64").length === 32, "must be 32 bytes (64 hex characters or base64)"),
  /**
   * The platform operator as it files the DAC7 report (docs/trust-and-law.md, "DAC7"):
   * its legal name, its Dutch TIN (RSIN) and its address on one line. A production
   * build without all three refuses the XML; elsewhere placeholders stand in.
   */
  PLATFORM_OPERATOR_NAME: z.string().trim().min(1).max(200).refine(printable, "must be printable text").optional(),
  PLATFORM_OPERATOR_TIN: z.string().trim().regex(/^[A-Za-z0-9]{2,30}$/, "must be letters and digits").optional(),
  PLATFORM_OPERATOR_ADDRESS: z.string().trim().min(1).max(1000).refine(printable, "must be printable text").optional(),
  /** Public origin of the site, e.g. https://kringwaar.nl (no trailing slash). */
  APP_URL: z
    .url()
    .default("http://localhost:3000")
    .transform((v) => v.replace(/\/+$/, "")),
  /** Extra origins allowed to make cookie-authenticated writes (comma separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((s) => s.trim().replace(/\/+$/, ""))
        .filter(Boolean),
    ),
  /** How many reverse proxies in front of the app append to X-Forwarded-For. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How long (seconds) an instance keeps who a session's caller is, for GET requests;
   * users' unread counts are kept 10 s. 0 turns both off. Unset: 5, but 0 under
   * NODE_ENV=test (tests change rows directly). docs/performance.md "Mixed load".
   */
  REQUEST_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
  /**
   * How many GET and HEAD requests an instance works on at once; the others wait their
   * turn in arrival order (lib/platform/http/admission.ts). 0 turns the gate off.
   */
  CONCURRENT_READS: z.coerce.number().int().min(0).max(1000).default(8),
  /** Writes (POST, PUT, PATCH, DELETE) a signed-in user may make per minute, over every route; 0: no limit. */
  WRITES_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  /**
   * Redis (redis://…): Next's cache of the public pages' data, shared by every instance
   * (cache-handler.mjs). Unset: each instance keeps it in memory.
   */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL").optional(),
  /** Where the embedded default keeps its database, secret and uploads. */
  DATA_DIR: z.string().default(".data"),
  /** Image storage: `local` (disk under DATA_DIR/uploads) or `s3`. */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  UPLOADS_DIR: z.string().optional(),
  /**
   * S3 (or any S3-compatible service: MinIO, Cloudflare R2, Scaleway...), used when
   * STORAGE_DRIVER=s3. S3_ENDPOINT unset means AWS itself.
   */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default("eu-central-1"),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Base URL the bucket's objects are served from (a CDN or the bucket's own URL). */
  S3_PUBLIC_URL: z
    .url()
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Path-style addressing (endpoint/bucket/key), which most non-AWS services need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Protects /api/cron/* (Authorization: Bearer $CRON_SECRET). */
  CRON_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /**
   * Geocoding provider: `auto` (Google when GOOGLE_MAPS_SERVER_KEY is set, else PDOK
   * falling back to the offline gazetteer when PDOK cannot be reached), `pdok`,
   * `google` or `offline` (no network; tests and development).
   */
  GEOCODER: z.enum(["auto", "pdok", "google", "offline"]).default("auto"),
  /** PDOK Locatieserver v3.1 (free, keyless); tests point it at a local double. */
  PDOK_BASE_URL: z.url().default("https://api.pdok.nl/bzk/locatieserver/search/v3_1"),
  /** Google Geocoding API endpoint; tests point it at a local double. */
  GOOGLE_GEOCODING_URL: z.url().default("https://maps.googleapis.com/maps/api/geocode/json"),
  /** Server-side Google key (Geocoding API). Unset: PDOK. */
  GOOGLE_MAPS_SERVER_KEY: z.string().min(1).optional(),
  /** Browser Google Maps key (Maps JavaScript API). Unset: the keyless Leaflet map. */
  GOOGLE_MAPS_BROWSER_KEY: z.string().min(1).optional(),
  /** Google map id for advanced markers (optional). */
  GOOGLE_MAPS_MAP_ID: z.string().min(1).optional(),
  /** How long one geocoder call may take before it counts as failed. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000),
  /** Stripe secret key (sk_live_... or sk_test_...). Unset: the test payment provider. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Signing secret of the webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The Connect webhook endpoint's signing secret, when it is a separate endpoint. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Another address for the Stripe API (e.g. http://127.0.0.1:12111): tests point the
   * real SDK at a local double. Unset: api.stripe.com.
   */
  STRIPE_API_URL: z.url().optional(),
  /**
   * The test payment provider (no real money) refuses to run when NODE_ENV=production
   * unless this is set (a demo or staging deployment without Stripe).
   */
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: bool.default(false),
  /** MyParcel API key (PostNL, DHL, bpost labels). Unset: the test shipping provider. */
  MYPARCEL_API_KEY: z.string().min(1).optional(),
  /** The MyParcel API; tests point it at a local double. */
  MYPARCEL_API_URL: z
    .url()
    .default("https://api.myparcel.nl")
    .transform((v) => v.replace(/\/+$/, "")),
  /**
   * The test shipping provider (labels that ship nothing) refuses to run when
   * NODE_ENV=production unless this is set (a demo or staging deployment without MyParcel).
   */
  ALLOW_TEST_SHIPPING_IN_PRODUCTION: bool.default(false),
  /**
   * Outgoing mail server, e.g. smtp://user:pass@smtp.example.nl:587 or smtps://...:465
   * (Mailpit in docker-compose: smtp://mailpit:1025). Unset: each mail is written as an
   * .eml file under DATA_DIR/mail instead (the embedded default).
   */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default("Kringwaar <noreply@kringwaar.nl>"),
  /**
   * Send a new mail right after it is written, besides the scheduled job's minute;
   * tests turn it off to drive the sender themselves.
   */
  MAIL_SEND_ON_ENQUEUE: bool.default(true),
  /**
   * Web Push (docs/notifications.md): the VAPID key pair, base64url as `npx web-push
   * generate-vapid-keys` prints it. Unset: a pair is generated once into
   * DATA_DIR/push/vapid.json (the embedded default); set both on every instance in production.
   */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, "must be a base64url P-256 public key").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, "must be a base64url P-256 private key").optional(),
  /** Who push services may contact about our pushes (mailto: or https:). */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://").default("mailto:support@kringwaar.nl"),
  /**
   * One more push-service host accepted for subscriptions, besides the known services
   * (tests point it at a loopback double, e.g. 127.0.0.1:4999). Plain http is accepted
   * for it only outside production.
   */
  PUSH_EXTRA_HOST: z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, "must be a host, optionally with :port").optional(),
  /** Push a new notification right after it is written, besides the job's minute; tests turn it off. */
  PUSH_SEND_ON_WRITE: bool.default(true),
  /** Seed demo data into an empty database on start (the embedded default does). */
  SEED_DEMO_DATA: bool.default(false),
}).superRefine((config, ctx) => {
  if (config.NODE_ENV === "production" && !config.TAX_DATA_KEY && !config.ALLOW_TEST_PAYMENTS_IN_PRODUCTION) {
    ctx.addIssue({ code: "custom", path: ["TAX_DATA_KEY"], message: "is required in production (32 bytes: openssl rand -hex 32)" });
  }
  if (!config.VAPID_PUBLIC_KEY !== !config.VAPID_PRIVATE_KEY) {
    ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together" });
  }
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set" });
  }
  if (config.STORAGE_DRIVER !== "s3") return;
  for (const name of S3_REQUIRED) {
    if (config[name] === undefined) {
      ctx.addIssue({ code: "custom", path: [name], message: "is required when STORAGE_DRIVER=s3" });
    }
  }
});

export type Env = z.infer<typeof schema> & { UPLOADS_DIR: string };

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses a set of variables; exported for tests and for scripts/start.ts. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (docker-compose and .env files write them).
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new ConfigError(
      `Invalid configuration (see .env.example):\n${lines.join("\n")}`,
    );
  }
  const parsed = result.data;
  return { ...parsed, UPLOADS_DIR: parsed.UPLOADS_DIR ?? `${parsed.DATA_DIR}/uploads` };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For tests that change variables between cases. */
export function resetEnvCache() {
  cached = undefined;
}
