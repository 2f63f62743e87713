import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../shared/logger";
import { loadSigningKey } from "../audit/signing-key";
import { DispatchKeyError, dispatchKeyPath, dispatchKeySource, loadDispatchKey } from "./dispatch-key";

const dir = mkdtempSync(join(tmpdir(), "weft-dispatch-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ sink: (l) => lines.push(JSON.parse(l)) }) };
}

test("without DISPATCH_SIGNING_KEY a key is generated once into a 0600 file, without a warning, and reused", async () => {
  const path = dispatchKeyPath(join(dir, "data"));
  const first = capture();
  const a = await loadDispatchKey({ path, logger: first.logger });
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(first.lines.map((l) => [l.level, l.msg])).toEqual([["info", "generated the Hub's dispatch signing key"]]);
  const second = capture();
  const b = await loadDispatchKey({ path, logger: second.logger });
  expect(second.lines).toEqual([]);
  expect(b.publicKeyBase64).toBe(a.publicKeyBase64);
  // A key of its own: not the audit checkpoint key of the same data directory.
  const audit = await loadSigningKey({ path: join(dir, "data", "audit", "signing.key"), logger: second.logger });
  expect(audit.publicKeyBase64).not.toBe(a.publicKeyBase64);
});

test("DISPATCH_SIGNING_KEY wins (replicas share it); the source loads once; a bad one is refused", async () => {
  const seed = Buffer.alloc(32, 9).toString("base64");
  const { logger } = capture();
  const source = dispatchKeySource({ configured: seed, path: join(dir, "unused.key"), logger });
  const key = await source();
  expect(await source()).toBe(key);
  const replica = await loadDispatchKey({ configured: seed, path: join(dir, "other.key"), logger });
  expect(replica.publicKeyBase64).toBe(key.publicKeyBase64);
  await expect(loadDispatchKey({ configured: "c2hvcnQ=", path: join(dir, "x.key"), logger })).rejects.toThrow(
    DispatchKeyError,
  );
  await expect(loadDispatchKey({ configured: "c2hvcnQ=", path: join(dir, "x.key"), logger })).rejects.toThrow(
    /DISPATCH_SIGNING_KEY must be 32 random bytes in base64/,
  );
});
