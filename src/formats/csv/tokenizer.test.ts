import { describe, expect, test } from "bun:test";
import { type CsvRecord, CsvTokenizer, FIELD_KEEP, MAX_QUOTED_LINES } from "./tokenizer";

interface Seen {
  records: CsvRecord[];
  events: string[];
}

/** Tokenizes `chunks` in order and answers every record and event. */
function tokenize(chunks: string[], options: { sep?: string; quote?: string; stopAfter?: number } = {}): Seen {
  const seen: Seen = { records: [], events: [] };
  const tokenizer = new CsvTokenizer(options.sep ?? ",", options.quote ?? '"', {
    record: (record) => {
      seen.records.push(record);
      return options.stopAfter === undefined || seen.records.length < options.stopAfter;
    },
    badQuote: (line, field, kind) => seen.events.push(`${kind} ${line}:${field}`),
    nul: (line) => seen.events.push(`nul ${line}`),
    unterminated: (line, endOfInput) => seen.events.push(`open ${line} ${endOfInput}`),
  });
  for (const chunk of chunks) tokenizer.push(chunk);
  tokenizer.end();
  return seen;
}

const rec = (line: number, fields: string[], blank = false): CsvRecord => ({ fields, line, blank });

describe("CsvTokenizer", () => {
  test("fields, quoted fields with doubled quotes, delimiters and line breaks inside quotes", () => {
    const text = 'a,b,c\n1,"x,y","say ""hi"""\n2,"two\nlines",\n';
    expect(tokenize([text]).records).toEqual([
      rec(1, ["a", "b", "c"]),
      rec(2, ["1", "x,y", 'say "hi"']),
      rec(3, ["2", "two\nlines", ""]),
    ]);
  });

  test("CRLF ends records; a CR inside quotes or alone mid-field is text; a last line without a break counts", () => {
    const text = 'a,b\r\n"x\r\ny",1\r\nc\rd,2\r\nlast,3';
    expect(tokenize([text]).records).toEqual([
      rec(1, ["a", "b"]),
      rec(2, ["x\r\ny", "1"]),
      rec(4, ["c\rd", "2"]),
      rec(5, ["last", "3"]),
    ]);
    expect(tokenize(["a\r"]).records).toEqual([rec(1, ["a"])]);
  });

  test("blank lines are records marked blank; an empty quoted field is not blank", () => {
    expect(tokenize(['a\n\n\r\n""\n']).records).toEqual([
      rec(1, ["a"]),
      rec(2, [""], true),
      rec(3, [""], true),
      rec(4, [""]),
    ]);
    expect(tokenize([""]).records).toEqual([]);
    expect(tokenize([","]).records).toEqual([rec(1, ["", ""])]);
  });

  test("the same records and events whatever the chunk boundaries", () => {
    const text = 'h1;h2\r\n"q;""x""\r\n",\0z\r\n\'a\';b"c\n"d"e;f\n\n"open\nnever';
    const whole = tokenize([text], { sep: ";" });
    expect(whole.records.map((r) => r.line)).toEqual([1, 2, 4, 5, 6, 7]);
    expect(whole.events).toEqual(["after 3:1", "nul 3", "inside 4:2", "after 5:1", "open 7 true"]);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(tokenize([text.slice(0, cut), text.slice(cut)], { sep: ";" })).toEqual(whole);
    }
    expect(tokenize([...text], { sep: ";" })).toEqual(whole);
  });

  test("quotes where RFC 4180 allows none are reported with line and field", () => {
    const { records, events } = tokenize(['a,b\n5" screen,1\n"x"y,2\n"ok"\r\n"z"\rw,3\n']);
    expect(events).toEqual(["inside 2:1", "after 3:1", "after 5:1"]);
    expect(records.map((r) => r.fields)).toEqual([["a", "b"], ['5" screen', "1"], ["xy", "2"], ["ok"], ["z\rw", "3"]]);
  });

  test("a custom quote character; the double quote is then plain text", () => {
    expect(tokenize(["'a,b',\"c\n"], { quote: "'" }).records).toEqual([rec(1, ["a,b", '"c'])]);
  });

  test("an unterminated quote is reported at its line at the end, or after MAX_QUOTED_LINES line breaks", () => {
    expect(tokenize(['a\n"b\nc\n']).events).toEqual(["open 2 true"]);
    const long = `a\n"${"x\n".repeat(MAX_QUOTED_LINES + 5)}`;
    const seen = tokenize([long]);
    expect(seen.events).toEqual(["open 2 false"]);
    expect(seen.records).toEqual([rec(1, ["a"])]);
  });

  test("stops when the record handler says so", () => {
    const seen = tokenize(["1\n2\n3\n4\n"], { stopAfter: 2 });
    expect(seen.records.map((r) => r.fields[0])).toEqual(["1", "2"]);
  });

  test("long fields are kept cut to FIELD_KEEP characters, unicode intact", () => {
    const long = "é".repeat(FIELD_KEEP + 50);
    const { records } = tokenize([`${long},🚀\n`]);
    expect(records[0]?.fields).toEqual(["é".repeat(FIELD_KEEP), "🚀"]);
  });

  test("a long field is cut at the same place however its text is split into chunks", () => {
    const text = `${"ab".repeat(FIELD_KEEP)},x\n${"c".repeat(FIELD_KEEP - 1)}"q,y\n`;
    const whole = tokenize([text]);
    expect(whole.records.map((r) => r.fields)).toEqual([
      ["ab".repeat(FIELD_KEEP / 2), "x"],
      [`${"c".repeat(FIELD_KEEP - 1)}"`, "y"],
    ]);
    expect(whole.events).toEqual([`inside 2:1`]);
    for (let cut = 0; cut <= text.length; cut += 7) {
      expect(tokenize([text.slice(0, cut), text.slice(cut, cut + 150), text.slice(cut + 150)])).toEqual(whole);
    }
  });
});
