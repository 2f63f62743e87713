import type { RoleMatrixArea } from "./types";

const auditors = { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 };

/** The audit log's routes: auditors and above read, verify and export it (docs/hub.md "Audit log"). */
export const auditMatrix: RoleMatrixArea = {
  heading: "Audit log",
  placeholders: {},
  rows: [
    { method: "GET", path: "/audit/events", expect: auditors },
    { method: "GET", path: "/audit/events?action=auth.login&limit=5", note: "filtered", expect: auditors },
    { method: "GET", path: "/audit/verify", expect: auditors },
    { method: "GET", path: "/audit/checkpoints", expect: auditors },
  ],
};
