/**
 * Local-disk storage: files under UPLOADS_DIR, served by app/uploads/[...path]/route.ts
 * at `/uploads/<key>`. Fine for one instance; several instances need shared storage (S3).
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { contentTypeForKey, isValidStorageKey } from "./keys";
import type { StorageDriver } from "./types";

export const LOCAL_URL_PREFIX = "/uploads/";

/** Error codes that mean "there is no file at this key". */
const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR"]);

export function createLocalStorage(uploadsDir: string): StorageDriver {
  const root = path.resolve(uploadsDir);

  /** The file for a key, or null when the key is invalid or would leave the root. */
  function fileFor(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const file = path.resolve(root, key);
    // Defence in depth: the key rules already forbid "..", but the resolved path is what
    // the file system sees, so check that too.
    return file.startsWith(root + path.sep) ? file : null;
  }

  function requireFile(key: string): string {
    const file = fileFor(key);
    if (!file) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  return {
    async put(key, body) {
      const file = requireFile(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a concurrent GET never serves a half-written image.
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
      return { url: LOCAL_URL_PREFIX + key };
    },

    async exists(key) {
      const file = fileFor(key);
      if (!file) return false;
      try {
        return (await stat(/*turbopackIgnore: true*/ file)).isFile();
      } catch (error) {
        if (MISSING.has((error as NodeJS.ErrnoException).code ?? "")) return false;
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      if (!file) return null;
      try {
        // The uploads folder is configured at run time: tell Turbopack not to trace it.
        return { body: await readFile(/*turbopackIgnore: true*/ file), contentType: contentTypeForKey(key) };
      } catch (error) {
        if (MISSING.has((error as NodeJS.ErrnoException).code ?? "")) return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(requireFile(key), { force: true });
    },

    urlFor(key) {
      return LOCAL_URL_PREFIX + key;
    },

    keyForUrl(url) {
      if (!url.startsWith(LOCAL_URL_PREFIX)) return null;
      const key = url.slice(LOCAL_URL_PREFIX.length);
      return isValidStorageKey(key) ? key : null;
    },
  };
}
