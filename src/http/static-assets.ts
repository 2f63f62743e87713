import { existsSync, realpathSync, statSync } from "node:fs";
import { extname, join, resolve, sep } from "node:path";
import type { Context } from "hono";

/** One file of the web UI. */
export interface Asset {
  body: Blob;
  type: string;
  /** Content-hashed build outputs (`/assets/...`) can be cached forever. */
  immutable: boolean;
}

/** Where the web UI's files come from: a folder, or the files embedded in the executable. */
export interface AssetSource {
  get(urlPath: string): Asset | undefined;
  /** Said in the startup log line. */
  describe: string;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function isImmutable(urlPath: string): boolean {
  return urlPath.startsWith("/assets/");
}

/** Serves files below `root`; a path that resolves outside it (`..`, links) is not found. */
export function folderAssets(root: string): AssetSource {
  const base = existsSync(root) ? realpathSync(root) : resolve(root);
  return {
    describe: base,
    get(urlPath) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
      if (decoded.includes("\0")) return undefined;
      const candidate = resolve(base, `.${decoded}`);
      if (!existsSync(candidate)) return undefined;
      const real = realpathSync(candidate);
      if (real !== base && !real.startsWith(base + sep)) return undefined;
      if (!statSync(real).isFile()) return undefined;
      return { body: Bun.file(real), type: contentType(real), immutable: isImmutable(urlPath) };
    },
  };
}

/**
 * Serves the given files, URL path → file path: those embedded in the executable (or, for
 * the API viewers' scripts in a source checkout, those of node_modules).
 */
export function embeddedAssets(files: Record<string, string>): AssetSource {
  return {
    describe: "embedded",
    get(urlPath) {
      const file = files[urlPath];
      if (file === undefined) return undefined;
      return { body: Bun.file(file), type: contentType(urlPath), immutable: isImmutable(urlPath) };
    },
  };
}

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Weft</title>
<p>The web UI is not built. Run <code>npm run build:web</code> (or <code>npm start</code>, which builds it), then reload.</p>`;

/**
 * Answers GET/HEAD for the web UI: the file when it exists, else `index.html` so the UI's
 * own router handles the path. Without `index.html` a short page says how to build the UI.
 */
export function serveAsset(c: Context, source: AssetSource): Response {
  const path = c.req.path === "/" ? "/index.html" : c.req.path;
  const direct = source.get(path);
  const asset = direct ?? source.get("/index.html");
  if (!asset) return c.html(NOT_BUILT, 200);
  const cache = direct?.immutable ? "public, max-age=31536000, immutable" : "no-cache";
  return new Response(asset.body, {
    headers: { "content-type": asset.type, "cache-control": cache, "x-content-type-options": "nosniff" },
  });
}

/** The web UI of a source checkout: `web/dist` (made by `npm run build:web`). */
export function sourceTreeAssets(): AssetSource {
  return folderAssets(join(import.meta.dir, "..", "..", "web", "dist"));
}
