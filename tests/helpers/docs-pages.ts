import { expect } from "bun:test";

/**
 * `/docs` and `/redoc` work offline: neither page names another host (no `http://`,
 * `https://` or `//host`), and each script they load is served here as JavaScript.
 * `get` fetches a path from the Weft under test (in process or a started executable).
 */
export async function expectDocsServedOffline(get: (path: string) => Response | Promise<Response>): Promise<void> {
  for (const [page, viewerGlobal] of [
    ["/docs", "createApiReference"],
    ["/redoc", "Redoc"],
  ] as const) {
    const res = await get(page);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("/openapi.json");
    expect(html.match(/https?:\/\/[^\s"'<>]*/g) ?? []).toEqual([]);
    expect(html.match(/=\s*["']?\/\/[^\s"'<>]*/g) ?? []).toEqual([]);
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect([page, sources.length]).toEqual([page, 1]);
    for (const src of sources) {
      expect(src).toMatch(/^\/[^/]/);
      const script = await get(src);
      expect([src, script.status]).toEqual([src, 200]);
      expect(script.headers.get("content-type")).toContain("javascript");
      expect(await script.text()).toContain(viewerGlobal);
    }
  }
}
