// scripts/compile-hints.ts, a step of `npm run build`: the scripts a page loads with its
// HTML get V8's compile hint as their first line, the chunks loaded later (a dialog, the
// map) and the noModule polyfills do not. Here on a small fake build folder written the
// way Turbopack writes its manifests; tests/e2e/cache.spec.ts checks what the real build
// serves.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { afterBuild } from "@/scripts/after-build";
import { addCompileHints, COMPILE_HINT, firstLoadScripts } from "@/scripts/compile-hints";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const chunk = (name: string) => `(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([document.currentScript,1,e=>{e.s(["${name}",0])}]);`;

/** A build: the runtime and React DOM as root files, two pages whose entries share the layout's chunk, a lazy dialog chunk. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kringwaar-compile-hints-"));
  made.push(dir);
  mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  for (const name of ["runtime", "react-dom", "polyfills", "layout", "browse", "product", "dialog"]) {
    writeFileSync(path.join(dir, "static", "chunks", `${name}.js`), chunk(name));
  }
  writeFileSync(path.join(dir, "static", "chunks", "layout.css"), "body{margin:0}");
  writeFileSync(
    path.join(dir, "build-manifest.json"),
    JSON.stringify({ polyfillFiles: ["static/chunks/polyfills.js"], rootMainFiles: ["static/chunks/runtime.js", "static/chunks/react-dom.js"] }),
  );
  const manifest = (page: string, own: string) =>
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST[${JSON.stringify(page)}] = ${JSON.stringify({
      clientModules: { "[project]/components/dialog.tsx": { chunks: ["/_next/static/chunks/dialog.js"] } },
      entryCSSFiles: { "[project]/app/layout": [{ path: "static/chunks/layout.css" }] },
      entryJSFiles: { "[project]/app/layout": ["static/chunks/layout.js"], [`[project]/app${page}`]: ["static/chunks/layout.js", `static/chunks/${own}.js`] },
    })};\n`;
  for (const [page, own] of [
    ["/[locale]/(shop)/browse/page", "browse"],
    ["/[locale]/(shop)/product/[id]/page", "product"],
  ] as const) {
    const folder = path.join(dir, "server", "app", ...page.split("/").slice(1, -1));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "page_client-reference-manifest.js"), manifest(page, own));
  }
  return dir;
}

const read = (dir: string, name: string) => readFileSync(path.join(dir, "static", "chunks", `${name}.js`), "utf8");

describe("scripts/compile-hints.ts", () => {
  it("finds the root files and every page's entry scripts, not the polyfills, the stylesheet or a lazy chunk", () => {
    expect(firstLoadScripts(fakeBuild())).toEqual(
      ["browse", "layout", "product", "react-dom", "runtime"].map((name) => `static/chunks/${name}.js`),
    );
  });

  it("puts the hint on the first line of each of them and leaves the rest byte for byte", () => {
    const dir = fakeBuild();
    expect(addCompileHints(dir).marked).toBe(5);
    for (const name of ["runtime", "react-dom", "layout", "browse", "product"]) {
      expect(read(dir, name)).toBe(COMPILE_HINT + chunk(name));
    }
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
    for (const name of ["polyfills", "dialog"]) expect(read(dir, name)).toBe(chunk(name));
  });

  it("marks a file once when the step runs again", () => {
    const dir = fakeBuild();
    addCompileHints(dir);
    expect(addCompileHints(dir).marked).toBe(0);
    expect(read(dir, "layout")).toBe(COMPILE_HINT + chunk("layout"));
  });

  it("fails a build folder whose manifests name no scripts, rather than marking nothing", () => {
    const dir = fakeBuild();
    rmSync(path.join(dir, "server"), { recursive: true });
    expect(() => addCompileHints(dir)).toThrow(/no first-load scripts/);
  });

  it("runs before the compression on both paths that build, so the gzip copies the server sends carry it too", async () => {
    const dir = fakeBuild();
    // What scripts/check-build.ts, the last step, reads.
    writeFileSync(path.join(dir, "routes-manifest.json"), JSON.stringify({ staticRoutes: [{ page: "/[locale]/browse" }], dynamicRoutes: [] }));
    writeFileSync(path.join(dir, "app-path-routes-manifest.json"), JSON.stringify({ "/[locale]/browse/page": "/[locale]/browse" }));
    writeFileSync(path.join(dir, "server", "app-paths-manifest.json"), JSON.stringify({ "/[locale]/browse/page": "app/[locale]/browse/page.js" }));
    expect(await afterBuild(dir)).toBe(true);
    const gz = path.join(dir, "static", "chunks", "browse.js.gz");
    expect(existsSync(gz)).toBe(true);
    expect(gunzipSync(readFileSync(gz)).toString()).toBe(COMPILE_HINT + chunk("browse"));
    // `npm run build` and `npm start`'s own build (when the sources changed) both run it.
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { build: string } };
    expect(pkg.scripts.build).toMatch(/next build && tsx scripts\/after-build\.ts$/);
    expect(readFileSync("scripts/start.ts", "utf8")).toContain('"after-build.ts"');
  });
});

