import { expect, test } from "bun:test";
import { AREAS, visibleAreas } from "./areas";
import { HUB_AREAS, parseRoute, routeHash } from "./hub-workspace";

test("every area is listed once, and a user never sees the admin area", () => {
  expect(AREAS.map((a) => a.area).sort()).toEqual([...HUB_AREAS].sort());
  expect(visibleAreas("user").map((a) => a.area)).toEqual(["home", "designer", "workflows", "executions", "schedules"]);
  expect(visibleAreas("user", "admin")).toEqual([]);
  expect(visibleAreas("auditor", "admin").map((a) => a.label)).toContain("Audit Log");
  expect(visibleAreas("owner")).toHaveLength(AREAS.length);
  expect(visibleAreas(undefined)).toEqual([]);
});

test("routes live in the #fragment; anything unknown is Home", () => {
  expect(parseRoute("#/executions/ab%2Fc")).toEqual({ area: "executions", id: "ab/c" });
  expect(parseRoute("#/audit")).toEqual({ area: "audit" });
  expect(parseRoute("")).toEqual({ area: "home" });
  expect(parseRoute("#/nowhere/x")).toEqual({ area: "home" });
  expect(routeHash({ area: "executions", id: "ab/c" })).toBe("#/executions/ab%2Fc");
  expect(parseRoute(routeHash({ area: "grant-groups", id: "g 1" }))).toEqual({ area: "grant-groups", id: "g 1" });
});
