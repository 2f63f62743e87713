/**
 * The Hub's requests and answers the UI uses, inferred from the zod schemas its routes
 * validate (src/hub/<resource>/schemas.ts). Type-only: nothing of the Hub is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { SessionSchema, StatusSchema } from "../../../src/hub/auth/schemas";
import type { CapabilityTokenResponse } from "../../../src/hub/capabilities/schemas";
import type { UserSchema } from "../../../src/hub/users/schemas";
import type {
  ContentSavedSchema,
  WorkflowDetailSchema,
  WorkflowListSchema,
  WorkflowSummarySchema,
} from "../../../src/hub/workflows/schemas";

export type HubUser = z.infer<typeof UserSchema>;
/** A signed-in session: the bearer token, when it ends, and who it is. */
export type HubSession = z.infer<typeof SessionSchema>;
export type HubStatus = z.infer<typeof StatusSchema>;
export type CapabilityToken = z.infer<typeof CapabilityTokenResponse>;
/** A workflow stored on the Hub, without its content. */
export type HubWorkflow = z.infer<typeof WorkflowSummarySchema>;
export type HubWorkflowDetail = z.infer<typeof WorkflowDetailSchema>;
export type HubWorkflowList = z.infer<typeof WorkflowListSchema>;
export type HubWorkflowSaved = z.infer<typeof ContentSavedSchema>;
