import type { z } from "@hono/zod-openapi";
import type { HubSettingsSchema } from "../../../../../src/hub/settings/schemas";
import type { HubClient } from "../../../lib/hub-api";

/** The Hub's settings as `GET /settings` answers them (src/hub/settings/schemas.ts): no secret. */
export type HubSettings = z.infer<typeof HubSettingsSchema>;

export function hubSettings(hub: HubClient): Promise<HubSettings> {
  return hub.request<HubSettings>("GET", "/settings");
}
