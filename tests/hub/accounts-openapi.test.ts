import { expect, test } from "bun:test";
import { makeTestApp } from "../helpers/test-app";

test("the Hub's API doc lists the accounts area's routes, and no POST under /grant-groups/{id}/user-groups", async () => {
  const t = await makeTestApp({ mode: "hub" });
  try {
    const doc = (await (await t.app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = (path: string) => Object.keys(doc.paths[`/api/v1${path}`] ?? {}).sort();
    expect(methods("/auth/login")).toEqual(["post"]);
    expect(methods("/auth/password")).toEqual(["put"]);
    expect(methods("/users/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/groups/{id}/grant-groups/{gg_id}")).toEqual(["delete", "post"]);
    expect(methods("/grant-groups/{id}/connections/{conn_id}")).toEqual(["delete", "post"]);
    expect(methods("/grant-groups/{id}/user-groups")).toEqual(["get"]);
    expect(Object.keys(doc.paths).filter((p) => p.includes("/user-groups/"))).toEqual([]);
  } finally {
    await t.close();
  }
});
