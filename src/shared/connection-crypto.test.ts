import { describe, expect, test } from "bun:test";
import { ConnectionKeyMismatchError, newKdfParams, SecretBox } from "./connection-crypto";

// One derivation per key: scrypt is deliberately slow.
const params = newKdfParams();
const box = SecretBox.derive("correct horse battery staple", params);
const otherKey = SecretBox.derive("another key", params);

describe("SecretBox", () => {
  test("round-trips unicode, empty and long secrets", () => {
    for (const secret of ["pässwörd 🔑 パスワード", "", "x".repeat(10_000), "a:b@c/d?e#f%g"]) {
      expect(box.tryOpen(box.seal(secret, "id/password"), "id/password")).toBe(secret);
    }
  });

  test("a fresh 12-byte nonce per secret: the same text seals differently", () => {
    const a = box.seal("same", "aad");
    const b = box.seal("same", "aad");
    expect(Buffer.from(a.nonce, "base64").length).toBe(12);
    expect(Buffer.from(a.tag, "base64").length).toBe(16);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.data).not.toBe(b.data);
    expect(Buffer.from(a.data, "base64").toString("utf8")).not.toContain("same");
  });

  test("another key, another aad or altered bytes do not open (no garbage)", () => {
    const sealed = box.seal("hunter2", "c1/password");
    expect(otherKey.tryOpen(sealed, "c1/password")).toBeNull();
    expect(box.tryOpen(sealed, "c2/password")).toBeNull();
    const data = Buffer.from(sealed.data, "base64");
    data[0] = (data[0] ?? 0) ^ 1;
    expect(box.tryOpen({ ...sealed, data: data.toString("base64") }, "c1/password")).toBeNull();
    expect(box.tryOpen({ ...sealed, tag: Buffer.alloc(16).toString("base64") }, "c1/password")).toBeNull();
    expect(box.tryOpen({ ...sealed, nonce: "" }, "c1/password")).toBeNull();
  });

  test("the same passphrase with another salt is another key", () => {
    const sealed = box.seal("secret", "aad");
    expect(SecretBox.derive("correct horse battery staple", newKdfParams()).tryOpen(sealed, "aad")).toBeNull();
    expect(SecretBox.derive("correct horse battery staple", params).tryOpen(sealed, "aad")).toBe("secret");
  });

  test("the key check names the wrong key", () => {
    const check = box.makeKeyCheck();
    expect(() => box.verifyKeyCheck(check)).not.toThrow();
    expect(() => otherKey.verifyKeyCheck(check)).toThrow(ConnectionKeyMismatchError);
    expect(() => otherKey.verifyKeyCheck(check)).toThrow(/written with another CONNECTION_ENCRYPTION_KEY/);
    expect(new ConnectionKeyMismatchError().status).toBe(503);
  });
});
