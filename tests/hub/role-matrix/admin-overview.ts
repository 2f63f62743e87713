import type { RoleMatrixArea } from "./types";

const auditors = { owner: 200, admin: 200, auditor: 200, user: 403, anonymous: 401 };

/** The admin area's read-only overview: the Dashboard's counts and the Hub's settings (docs/hub.md). */
export const adminOverviewMatrix: RoleMatrixArea = {
  heading: "Dashboard and settings",
  placeholders: {},
  rows: [
    { method: "GET", path: "/dashboard", expect: auditors },
    { method: "GET", path: "/dashboard?days=30&utc_offset_minutes=-300", note: "30 days, UTC-5", expect: auditors },
    { method: "GET", path: "/settings", expect: auditors },
  ],
};
