import { expect, test } from "bun:test";
import { runEventEffect } from "./run-events";

const mine = (data: { user_id: string }) => data.user_id === "me";
const run = (extra: Record<string, unknown> = {}) => ({
  execution_id: "e1",
  status: "running",
  user_id: "me",
  workflow_id: "w1",
  ...extra,
});

test("a (re)connection or missed events read the list again", () => {
  expect(runEventEffect({ type: "stream.open", data: {} }, mine)).toEqual({ kind: "reload" });
  expect(runEventEffect({ type: "stream.reset", data: {} }, mine)).toEqual({ kind: "reload" });
});

test("an update changes that run's status in place", () => {
  expect(runEventEffect({ id: 4, type: "execution.updated", data: run({ status: "succeeded" }) }, mine)).toEqual({
    kind: "status",
    id: "e1",
    status: "succeeded",
  });
});

test("a new run reads the list again only when the list wants it", () => {
  expect(runEventEffect({ type: "execution.created", data: run() }, mine)).toEqual({ kind: "reload" });
  expect(runEventEffect({ type: "execution.created", data: run({ user_id: "another" }) }, mine)).toEqual({
    kind: "none",
  });
});

test("progress, logs and events without a run leave the list be", () => {
  expect(runEventEffect({ type: "execution.tool", data: run() }, mine)).toEqual({ kind: "none" });
  expect(runEventEffect({ type: "execution.log", data: run({ line: "x" }) }, mine)).toEqual({ kind: "none" });
  expect(runEventEffect({ type: "execution.updated", data: null }, mine)).toEqual({ kind: "none" });
  expect(runEventEffect({ type: "execution.updated", data: { status: "failed" } }, mine)).toEqual({ kind: "none" });
});
