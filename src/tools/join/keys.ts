import type { DataType } from "nodejs-polars";
import { ToolConfigError } from "../../shared/errors";
import { dtypeName } from "../dtype";
import { columnNames } from "../schema-of";
import { isInteger, supertype } from "../supertype";
import type { FrameSchema } from "../types";

/** One pair of key columns and the type both are compared in. */
export interface KeyPair {
  left: string;
  right: string;
  dtype: DataType;
}

/**
 * The type two key columns are compared in, or undefined when comparing them would not make
 * sense. Equal types; integers of different widths (widened; UInt64 with a signed type is
 * refused, as no integer holds both); integer or float with float (Float64); String with
 * Categorical (String); a Null column with anything (it matches nothing). Date with Datetime
 * is refused: it would only match at midnight.
 */
function keyDtype(left: DataType, right: DataType): DataType | undefined {
  if (left.equals(right) || right.variant === "Null") return left;
  if (left.variant === "Null") return right;
  const wider = supertype(left, right);
  if (!wider) return undefined;
  if (isInteger(left) && isInteger(right)) return isInteger(wider) ? wider : undefined;
  if (left.variant === "Date" || right.variant === "Date") return undefined;
  return wider;
}

function checkKnown(name: string, schema: FrameSchema, side: "left" | "right", toolId: string) {
  if (!Object.hasOwn(schema, name)) {
    throw new ToolConfigError(
      toolId,
      `Unknown column "${name}" in ${side}_on (${side} input columns: ${columnNames(schema).join(", ")})`,
    );
  }
}

/** Checks the key columns against both schemas and pairs them with their comparison type. */
export function resolveKeys(
  leftOn: string[],
  rightOn: string[],
  leftSchema: FrameSchema,
  rightSchema: FrameSchema,
  toolId: string,
): KeyPair[] {
  return leftOn.map((left, i) => {
    const right = rightOn[i] as string;
    checkKnown(left, leftSchema, "left", toolId);
    checkKnown(right, rightSchema, "right", toolId);
    const leftType = leftSchema[left] as DataType;
    const rightType = rightSchema[right] as DataType;
    const dtype = keyDtype(leftType, rightType);
    if (!dtype) {
      throw new ToolConfigError(
        toolId,
        `Key columns "${left}" (${dtypeName(leftType)}, left) and "${right}" (${dtypeName(rightType)}, right) have types that cannot be compared; ` +
          "cast one of them first",
      );
    }
    return { left, right, dtype };
  });
}
