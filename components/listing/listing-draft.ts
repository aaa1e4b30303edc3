"use client";

/**
 * The sell and edit forms' draft, kept in the browser: a language
 * switch re-renders the page and a reload starts it again, and neither may lose what was
 * typed or the photos picked. IndexedDB, not localStorage: picked photos are File
 * objects (structured-cloneable, megabytes), which localStorage cannot hold. One record
 * per user and form (`<user id>:sell`, `<user id>:edit:<product id>`); cleared after a
 * successful submit or when the user starts over. Every failure (private mode, storage
 * blocked or full) only means no draft: the form works as before.
 */
import type { SelectedLocation } from "@/components/maps/types";
import type { ListingDelivery } from "./listing-delivery";
import type { ListingDetails } from "./listing-details";

export type DraftImage = { kind: "remote"; url: string; preview: string } | { kind: "file"; file: File };

export type ListingDraft = {
  values: ListingDetails;
  images: DraftImage[];
  location: SelectedLocation | null;
  delivery: ListingDelivery;
  savedAt: number;
};

const DATABASE = "kringwaar-drafts";
const STORE = "listing";
/** A draft older than this is not brought back. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const request = action(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export async function readDraft(key: string): Promise<ListingDraft | null> {
  try {
    const draft = (await run("readonly", (store) => store.get(key))) as ListingDraft | undefined;
    if (!draft || Date.now() - draft.savedAt > MAX_AGE_MS) return null;
    return draft;
  } catch {
    return null;
  }
}

export async function writeDraft(key: string, draft: ListingDraft): Promise<void> {
  try {
    await run("readwrite", (store) => store.put(draft, key));
  } catch {
    // No draft then; the leave warning still guards the work.
  }
}

export async function deleteDraft(key: string): Promise<void> {
  try {
    await run("readwrite", (store) => store.delete(key));
  } catch {
    // Nothing kept, nothing to remove.
  }
}
