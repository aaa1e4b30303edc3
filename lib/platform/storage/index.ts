import { env, type Env } from "@/lib/platform/env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { StorageDriver } from "./types";

export type { StorageDriver } from "./types";

// One driver per configuration: the S3 driver holds a client with a connection pool.
let cached: { config: Env; driver: StorageDriver } | undefined;

/** The storage driver the configuration asks for. */
export function storage(): StorageDriver {
  const config = env();
  if (cached?.config !== config) cached = { config, driver: createDriver(config) };
  return cached.driver;
}

function createDriver(config: Env): StorageDriver {
  switch (config.STORAGE_DRIVER) {
    case "local":
      return createLocalStorage(config.UPLOADS_DIR);
    case "s3":
      // lib/platform/env.ts refuses STORAGE_DRIVER=s3 without these, so the assertions hold.
      return createS3Storage({
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        bucket: config.S3_BUCKET!,
        accessKeyId: config.S3_ACCESS_KEY_ID!,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
        publicUrl: config.S3_PUBLIC_URL!,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
  }
}
