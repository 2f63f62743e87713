import { expect, test } from "bun:test";
import { ForbiddenError } from "../../shared/errors";
import { ROLES } from "../../shared/roles";
import { checkCreate, checkDelete, checkRoleChange } from "./role-rules";

// Written out by hand from decisions.md, not derived from the code under test:
// rows are the actor's role, columns the role involved, "y" = allowed.
const MANAGE: Record<string, string> = {
  //       owner admin auditor user
  owner: "y y y y",
  admin: "- - y y",
  auditor: "- - - -",
  user: "- - - -",
};
const allowed = (actor: string, target: string) => MANAGE[actor]?.split(" ")[ROLES.indexOf(target as never)] === "y";

const outcome = (f: () => void) => {
  try {
    f();
    return "allowed";
  } catch (err) {
    expect(err).toBeInstanceOf(ForbiddenError);
    return "refused";
  }
};

for (const actor of ROLES) {
  for (const target of ROLES) {
    const expected = allowed(actor, target) ? "allowed" : "refused";
    test(`${actor} creating a ${target}: ${expected}`, () => {
      expect(outcome(() => checkCreate(actor, target))).toBe(expected);
    });
    test(`${actor} deleting a ${target}: ${expected}; never themselves`, () => {
      expect(outcome(() => checkDelete(actor, target, false))).toBe(expected);
      expect(outcome(() => checkDelete(actor, target, true))).toBe("refused");
    });
    for (const to of ROLES) {
      const both = allowed(actor, target) && allowed(actor, to) ? "allowed" : "refused";
      test(`${actor} moving a ${target} to ${to}: ${both}; never their own`, () => {
        expect(outcome(() => checkRoleChange(actor, target, to, false))).toBe(both);
        expect(outcome(() => checkRoleChange(actor, target, to, true))).toBe("refused");
      });
    }
  }
}
