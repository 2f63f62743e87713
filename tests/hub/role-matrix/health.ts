import type { RoleMatrixArea } from "./types";

/** The one public route outside auth: load balancers and monitors call it without a session. */
export const healthMatrix: RoleMatrixArea = {
  heading: "Health",
  placeholders: {},
  rows: [
    { method: "GET", path: "/health", expect: { owner: 200, admin: 200, auditor: 200, user: 200, anonymous: 200 } },
  ],
};
