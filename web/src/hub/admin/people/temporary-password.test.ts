import { describe, expect, test } from "bun:test";
import { MIN_PASSWORD_LENGTH } from "../../../../../src/shared/roles";
import { temporaryPassword } from "./temporary-password";

describe("temporaryPassword", () => {
  test("is long enough for the Hub and made of unambiguous letters and digits", () => {
    const password = temporaryPassword();
    expect(password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect(password).toMatch(/^[a-km-zA-HJ-NP-Z2-9]+$/);
  });

  test("differs from one call to the next", () => {
    const seen = new Set(Array.from({ length: 50 }, () => temporaryPassword()));
    expect(seen.size).toBe(50);
  });
});
