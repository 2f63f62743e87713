import { describe, expect, test } from "bun:test";
import { grantableRoles, mayChangeAccount } from "./role-choices";

describe("the roles the Users page offers (the Hub's role rules)", () => {
  test("an owner may grant every role; an admin only auditor and user; auditors and users none", () => {
    expect(grantableRoles("owner")).toEqual(["owner", "admin", "auditor", "user"]);
    expect(grantableRoles("admin")).toEqual(["auditor", "user"]);
    expect(grantableRoles("auditor")).toEqual([]);
    expect(grantableRoles("user")).toEqual([]);
    expect(grantableRoles(undefined)).toEqual([]);
  });

  test("an admin changes auditors and users, never owners, admins or their own account", () => {
    expect(mayChangeAccount("admin", "user", false)).toBe(true);
    expect(mayChangeAccount("admin", "auditor", false)).toBe(true);
    expect(mayChangeAccount("admin", "admin", false)).toBe(false);
    expect(mayChangeAccount("admin", "owner", false)).toBe(false);
    expect(mayChangeAccount("admin", "user", true)).toBe(false);
  });

  test("an owner changes any other account; an auditor none", () => {
    expect(mayChangeAccount("owner", "owner", false)).toBe(true);
    expect(mayChangeAccount("owner", "admin", false)).toBe(true);
    expect(mayChangeAccount("owner", "owner", true)).toBe(false);
    expect(mayChangeAccount("auditor", "user", false)).toBe(false);
  });
});
