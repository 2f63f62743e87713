import { expect, test } from "bun:test";
import { downloadDisposition } from "../../../src/hub/workflows/file-name";
import { fileNameOf, revisionFileName } from "../../../web/src/hub/workflows/revisions-api";

test("a download's name is read from the Hub's Content-Disposition, the UTF-8 one first", () => {
  expect(fileNameOf(downloadDisposition("Ventes été"), "x")).toBe("Ventes été.weft.json");
  expect(fileNameOf(downloadDisposition("Sales"), "x")).toBe("Sales.weft.json");
  expect(fileNameOf('attachment; filename="plain.weft.json"', "x")).toBe("plain.weft.json");
  expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", "x")).toBe("x");
  expect(fileNameOf(null, "workflow.weft.json")).toBe("workflow.weft.json");
});

test("the revision is in the file's name, before its ending", () => {
  expect(revisionFileName("Sales.weft.json", 2)).toBe("Sales (revision 2).weft.json");
  expect(revisionFileName("odd.json", 1)).toBe("odd (revision 1).json");
  expect(revisionFileName("bare", 3)).toBe("bare (revision 3).weft.json");
});
