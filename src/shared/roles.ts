/** Hub roles, highest first: owner > admin > auditor > user (decisions.md). */
export const ROLES = ["owner", "admin", "auditor", "user"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { owner: 4, admin: 3, auditor: 2, user: 1 };

/** True when `role` is `min` or above it in the hierarchy. */
export function roleAtLeast(role: Role, min: Role): boolean {
  return RANK[role] >= RANK[min];
}

/**
 * Whether an account of role `actor` may manage (create, delete, change the role of, grant)
 * accounts of role `target` (decisions.md): an owner manages every role, an admin auditors
 * and users, nobody else anyone. The Hub enforces it (src/hub/users/role-rules.ts); the web
 * app offers only what it allows.
 */
export function mayManage(actor: Role, target: Role): boolean {
  if (actor === "owner") return true;
  if (actor === "admin") return target === "auditor" || target === "user";
  return false;
}

/** The shortest password the Hub accepts (decisions.md); the web app says it before sending. */
export const MIN_PASSWORD_LENGTH = 12;
