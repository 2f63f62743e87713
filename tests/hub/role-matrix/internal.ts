import type { RoleMatrixArea } from "./types";

/**
 * `POST /internal/authorize` (issue 17, item 2) is Server-authenticated: its bearer is a
 * Server's auth_token, so a person's session (any role) and no bearer are both 401. What a
 * Server gets there is tested in src/hub/internal/routes.test.ts.
 */
export const internalMatrix: RoleMatrixArea = {
  heading: "Internal: what a Server asks the Hub",
  placeholders: {},
  rows: [
    {
      method: "POST",
      path: "/internal/authorize",
      body: { token: "matrix-{unique}" },
      expect: { owner: 401, admin: 401, auditor: 401, user: 401, anonymous: 401 },
    },
  ],
};
