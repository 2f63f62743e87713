import { newId } from "../../../src/shared/ids";
import { createAccount, type HubTestApp } from "../../helpers/api-scenario";
import type { MatrixCaller, MatrixRequest, RoleMatrixArea, RoleMatrixRow } from "./types";

const PLACEHOLDER = /\{(\w+)\}/g;

/** One row made concrete for one caller: the path, body and token to send. */
export interface FilledRequest {
  path: string;
  body: unknown;
  token?: string;
}

/**
 * Fills `row` for `caller`: a fresh account of the caller's role, and each `{name}` made by the
 * area's placeholder (once per request, so a name used twice, or asked for by another
 * placeholder, is the same object). A name the area does not define is an error, not a
 * literal `{name}` sent to the Hub.
 */
export async function fillRow(
  hub: HubTestApp,
  area: RoleMatrixArea,
  row: RoleMatrixRow,
  caller: MatrixCaller,
): Promise<FilledRequest> {
  const account = caller === "anonymous" ? undefined : await createAccount(hub.deps, caller);
  const made = new Map<string, Promise<string>>();
  const request: MatrixRequest = {
    caller,
    account,
    value(name) {
      let value = made.get(name);
      if (!value) {
        const make = name === "unique" ? async () => newId() : area.placeholders[name];
        if (!make) throw new Error(`role matrix ${area.heading}: no placeholder {${name}} (${row.method} ${row.path})`);
        value = make(hub, request);
        made.set(name, value);
      }
      return value;
    },
  };
  const text = async (s: string) => {
    let filled = s;
    for (const [whole, name] of s.matchAll(PLACEHOLDER))
      filled = filled.replace(whole, await request.value(name as string));
    return filled;
  };
  const json = async (value: unknown): Promise<unknown> => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return Promise.all(value.map(json));
    if (value && typeof value === "object") {
      const entries = [];
      for (const [k, v] of Object.entries(value)) entries.push([k, await json(v)] as const);
      return Object.fromEntries(entries);
    }
    return value;
  };
  return { path: await text(row.path), body: await json(row.body), token: account?.token };
}
