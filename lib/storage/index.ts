import { env } from "@/lib/env";
import { createLocalStorage } from "./local";
import type { StorageDriver } from "./types";

export type { StorageDriver } from "./types";

/** The storage driver the configuration asks for. */
export function storage(): StorageDriver {
  const config = env();
  switch (config.STORAGE_DRIVER) {
    case "local":
      return createLocalStorage(config.UPLOADS_DIR);
    case "s3":
      throw new Error("S3 storage is configured but not implemented yet");
  }
}
