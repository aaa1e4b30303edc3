/**
 * A step after `next build` (scripts/after-build.ts), after the compile hints: a gzip copy (`<file>.gz`) of every script and
 * stylesheet the build put under `.next/static/`, made with Zopfli, which finds a smaller
 * encoding of the same gzip format than zlib does (about 3 % here) at a cost only paid
 * once. scripts/server.ts answers from these (lib/platform/http/static-files.ts). A file the
 * compression would not make smaller gets no copy. Small files too: the server's own
 * compression leaves files under 1 KB as they are, and a page's 1 KB loader chunk gzips
 * to 0.4 KB.
 *
 *   tsx scripts/precompress.ts [distDir]
 *
 * distDir defaults to the build the environment asks for: `.next`, or `.next-e2e` with
 * KRINGWAAR_E2E_BUILD=1 (lib/platform/e2e-build.ts), as `next build` chose.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import { distDirOf } from "../lib/platform/e2e-build";
import { PRECOMPRESSED_TYPES } from "../lib/platform/http/static-files";

function filesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

export async function precompress(distDir: string): Promise<{ files: number; before: number; after: number }> {
  let files = 0;
  let before = 0;
  let after = 0;
  for (const file of filesUnder(path.join(distDir, "static"))) {
    if (!PRECOMPRESSED_TYPES[path.extname(file)]) continue;
    const source = readFileSync(file);
    const zopfli = Buffer.from(await gzipAsync(source, { numiterations: 15 }));
    if (zopfli.length >= source.length) continue;
    writeFileSync(`${file}.gz`, zopfli);
    files += 1;
    before += gzipSync(source).length;
    after += zopfli.length;
  }
  return { files, before, after };
}

/** The step as scripts/after-build.ts runs it: compresses, and says what it did. */
export async function precompressStep(distDir: string): Promise<void> {
  const started = Date.now();
  const { files, before, after } = await precompress(distDir);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `precompressed ${files} scripts and stylesheets in ${((Date.now() - started) / 1000).toFixed(1)} s: ${kb(after)} KB with Zopfli, ${kb(before)} KB with the server's gzip`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await precompressStep(path.resolve(process.argv[2] ?? distDirOf()));
}
