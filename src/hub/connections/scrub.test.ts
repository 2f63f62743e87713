import { expect, test } from "bun:test";
import { scrubSecrets } from "./scrub";

test("a password is masked wherever a message quotes it, as written, %-encoded or JSON-escaped", () => {
  const password = 'p@ss/w"rd long';
  const message = `auth failed for "p@ss/w\\"rd long" (p%40ss%2Fw%22rd%20long) and p@ss/w"rd long`;
  expect(scrubSecrets(message, [password])).toBe('auth failed for "***" (***) and ***');
});

test("a URI's userinfo password is masked even when it is not one of the secrets", () => {
  expect(scrubSecrets("could not reach postgres://u:hunter2@db:5432/x", [])).toBe(
    "could not reach postgres://u:***@db:5432/x",
  );
});

test("a short password is masked as a whole token only, so ordinary words survive", () => {
  expect(scrubSecrets('Could not connect: password "co" rejected', ["co"])).toBe(
    'Could not connect: password "***" rejected',
  );
});

test("the longest secret goes first; undefined and empty secrets are ignored", () => {
  expect(scrubSecrets("secret-and-more secret-", ["secret-", "secret-and-more", undefined, ""])).toBe("*** ***");
});
