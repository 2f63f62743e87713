import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger } from "../../shared/logger";
import { AuditKeyError, loadSigningKey } from "./signing-key";

const dir = mkdtempSync(join(tmpdir(), "weft-audit-key-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const lines: Record<string, unknown>[] = [];
  return { lines, logger: createLogger({ sink: (l) => lines.push(JSON.parse(l)) }) };
}

test("without AUDIT_SIGNING_KEY a key is generated once into a 0600 file, with a warning, and reused", async () => {
  const path = join(dir, "audit", "signing.key");
  const first = capture();
  const a = await loadSigningKey({ path, logger: first.logger });
  expect(statSync(path).mode & 0o777).toBe(0o600);
  expect(first.lines.map((l) => l.level)).toEqual(["warn"]);
  const second = capture();
  const b = await loadSigningKey({ path, logger: second.logger });
  expect(second.lines).toEqual([]);
  expect(b.publicKeyBase64).toBe(a.publicKeyBase64);
  expect(Buffer.from(a.publicKeyBase64, "base64")).toHaveLength(32);
  // The file holds the seed, not the public key.
  expect(readFileSync(path, "utf8").trim()).not.toBe(a.publicKeyBase64);
});

test("AUDIT_SIGNING_KEY wins over the file; what it signs verifies with the exported public key", async () => {
  const seed = Buffer.alloc(32, 7).toString("base64");
  const { logger } = capture();
  const key = await loadSigningKey({ configured: seed, path: join(dir, "unused.key"), logger });
  const again = await loadSigningKey({ configured: seed, path: join(dir, "unused.key"), logger });
  expect(again.keyId).toBe(key.keyId);
  const data = new TextEncoder().encode("checkpoint");
  const signature = await crypto.subtle.sign("Ed25519", key.privateKey, data);
  const publicKey = await crypto.subtle.importKey("raw", Buffer.from(key.publicKeyBase64, "base64"), "Ed25519", false, [
    "verify",
  ]);
  expect(await crypto.subtle.verify("Ed25519", publicKey, signature, data)).toBe(true);
  expect(await crypto.subtle.verify("Ed25519", publicKey, signature, new TextEncoder().encode("other"))).toBe(false);
});

test("a key that is not 32 bytes of base64 is refused with a line that says what is expected", async () => {
  const { logger } = capture();
  await expect(loadSigningKey({ configured: "c2hvcnQ=", path: join(dir, "x.key"), logger })).rejects.toThrow(
    AuditKeyError,
  );
  await expect(loadSigningKey({ configured: "c2hvcnQ=", path: join(dir, "x.key"), logger })).rejects.toThrow(
    /AUDIT_SIGNING_KEY must be 32 random bytes in base64/,
  );
});
