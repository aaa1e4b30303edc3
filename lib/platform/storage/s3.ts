/**
 * S3 storage (AWS or any S3-compatible service: MinIO, Cloudflare R2, ...). Objects are
 * served straight from the bucket or a CDN in front of it (S3_PUBLIC_URL), never through
 * the app, so several app instances share one image store.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { contentTypeForKey, isValidStorageKey } from "./keys";
import type { StorageDriver } from "./types";

export type S3StorageConfig = {
  /** Unset: AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Base URL the objects are served from, without a trailing slash. */
  publicUrl: string;
  forcePathStyle: boolean;
};

// Keys are never reused for different content (every upload gets a fresh UUID), so
// browsers and CDNs may keep an image forever.
const CACHE_CONTROL = "public, max-age=31536000, immutable";

export function createS3Storage(config: S3StorageConfig, client = createS3Client(config)): StorageDriver {
  const base = config.publicUrl.replace(/\/+$/, "") + "/";

  function requireKey(key: string): string {
    if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: requireKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: CACHE_CONTROL,
        }),
      );
      return { url: base + key };
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? contentTypeForKey(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      // S3 answers 204 for a missing key too, which is what the interface promises.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: requireKey(key) }));
    },

    urlFor(key) {
      return base + key;
    },

    keyForUrl(url) {
      if (!url.startsWith(base)) return null;
      const key = url.slice(base.length);
      return isValidStorageKey(key) ? key : null;
    },
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default (since 3.729) adds CRC checksums that many S3-compatible services
    // reject or ignore; S3 itself does not require them for these calls.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
}

/** NoSuchKey (GET), NotFound (HEAD without a body) or any 404. */
function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
  }
  return false;
}
