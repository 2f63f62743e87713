import { accountsMatrix } from "./accounts";
import { adminOverviewMatrix } from "./admin-overview";
import { auditMatrix } from "./audit";
import { connectionsMatrix } from "./connections";
import { executionsMatrix } from "./executions";
import { healthMatrix } from "./health";
import { internalMatrix } from "./internal";
import { schedulesMatrix } from "./schedules";
import { serversMatrix } from "./servers";
import type { RoleMatrixArea } from "./types";
import { workflowsMatrix } from "./workflows";

/**
 * Every area of the role matrix, in docs/hub.md's order. A new route group adds its area here
 * (tests/hub/role-matrix.test.ts fails until every route the Hub registers has rows).
 */
export const MATRIX_AREAS: readonly RoleMatrixArea[] = [
  healthMatrix,
  accountsMatrix,
  connectionsMatrix,
  workflowsMatrix,
  serversMatrix,
  internalMatrix,
  executionsMatrix,
  schedulesMatrix,
  auditMatrix,
  adminOverviewMatrix,
];
