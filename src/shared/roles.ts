/** Hub roles, highest first: owner > admin > auditor > user (decisions.md). */
export const ROLES = ["owner", "admin", "auditor", "user"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { owner: 4, admin: 3, auditor: 2, user: 1 };

/** True when `role` is `min` or above it in the hierarchy. */
export function roleAtLeast(role: Role, min: Role): boolean {
  return RANK[role] >= RANK[min];
}
