import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import {
  collect,
  isoDay,
  SAMPLE_ROWS,
  type SampleRow,
  sampleFrame,
  tempFolder,
} from "../../tests/helpers/format-samples";
import { FILE_FORMATS, writableExtensions } from "./registry";

const tmp = tempFolder("round-trip");
afterAll(tmp.cleanup);

/** JSON has no date type: dates and date-times come back as the ISO text the writer wrote. */
const AS_TEXT: Record<string, (row: SampleRow) => Record<string, unknown>> = {
  json: (r) => ({
    ...r,
    day: r.day === null ? null : isoDay(r.day),
    at:
      r.at === null
        ? null
        : r.at
            .toISOString()
            .slice(0, 23)
            .replace("T", " ")
            .replace(/\.000$/, ""),
  }),
};

describe("every writer round-trips through its reader", () => {
  for (const format of FILE_FORMATS.filter((f) => f.write)) {
    for (const extension of writableExtensions(format)) {
      test(`${format.type} as .${extension}: nulls, unicode, quotes, line breaks, extremes, old dates`, () => {
        const path = join(tmp.dir, `round.${extension}`);
        const options = extension === "tsv" || extension === "tab" ? { delimiter: "\t" } : {};
        expect(format.write?.(sampleFrame().lazy(), path, options)).toEqual({ rows: SAMPLE_ROWS.length });
        // CSV keeps dates as text unless asked to parse them (a reader option, off by default).
        const back = collect(format.scan(path, format.type === "csv" ? { ...options, parse_dates: true } : options));
        const expected = SAMPLE_ROWS.map(AS_TEXT[format.type] ?? ((r) => ({ ...r })));
        expect(back.columns).toEqual(["id", "price", "name", "ok", "day", "at"]);
        expect(back.toRecords() as unknown[]).toEqual(expected);
      });
    }
  }
});
