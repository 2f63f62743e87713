import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { entryFileName, STALE_TEMP_MS, tempFileName, workflowFolderName } from "./cache-layout";
import { clearWorkflowCache } from "./clear-workflow";

const H = "c".repeat(40);
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "weft-clear-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function put(workflowId: string, name: string, ageMs = 0): string {
  const folder = join(root, workflowFolderName(workflowId));
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, "x");
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
}

describe("clearWorkflowCache", () => {
  test("removes the workflow's entries and crashed temp files, on the real clock", () => {
    put("../../etc", entryFileName(H));
    put("../../etc", entryFileName("d".repeat(40)));
    put("../../etc", tempFileName(H), STALE_TEMP_MS + 60_000);
    const other = put("wf2", entryFileName(H));
    expect(clearWorkflowCache(root, "../../etc")).toBe(3);
    expect(readdirSync(root)).toEqual(["wf2"]);
    expect(existsSync(other)).toBe(true);
  });

  test("keeps a live temp file and files that are not the cache's", () => {
    const live = put("wf1", tempFileName(H), 10_000);
    const notes = put("wf1", "notes.txt", STALE_TEMP_MS * 100);
    put("wf1", entryFileName(H));
    expect(clearWorkflowCache(root, "wf1")).toBe(1);
    expect([existsSync(live), existsSync(notes)]).toEqual([true, true]);
  });

  test("keepFolder leaves the emptied folder for the run that stores into it next", () => {
    put("wf1", entryFileName(H));
    const other = put("wf2", entryFileName(H));
    expect(clearWorkflowCache(root, "wf1", Date.now(), { keepFolder: true })).toBe(1);
    expect(readdirSync(join(root, workflowFolderName("wf1")))).toEqual([]);
    expect(existsSync(other)).toBe(true);
    expect(clearWorkflowCache(root, "wf1")).toBe(0);
    expect(readdirSync(root)).toEqual(["wf2"]);
  });

  test("a workflow with no folder, or no cache at all, clears 0 files", () => {
    expect(clearWorkflowCache(root, "nothing-here")).toBe(0);
    expect(clearWorkflowCache(join(root, "absent"), "wf1")).toBe(0);
  });
});
