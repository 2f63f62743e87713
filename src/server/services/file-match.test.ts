import { describe, expect, test } from "bun:test";
import { MATCH_SCORES, matchScore } from "./file-match";

describe("matchScore", () => {
  test.each([
    ["sales.csv", "sales.csv", "exact"],
    ["Sales.CSV", "sales", "exact"],
    ["sales", "SALES", "exact"],
    ["sales_2024.csv", "sal", "startsWith"],
    ["sales_2024.csv", "2024", "word"],
    ["monthly-report.xlsx", "report", "word"],
    ["monthly report.xlsx", "rep", "word"],
    ["salesReport.csv", "report", "word"],
    ["sales2024.csv", "2024", "word"],
    ["résumé_données.csv", "donn", "word"],
    ["sales.csv", "les", "substring"],
    ["report_sales.csv", "port", "substring"],
    ["sales.csv", "sls", "subsequence"],
    ["sales_2024.csv", "s24", "subsequence"],
    ["données.csv", "dnes", "subsequence"],
  ] as const)("%s for %p is %s", (name, query, tier) => {
    expect(matchScore(name, query)).toBe(MATCH_SCORES[tier]);
  });

  test.each([
    ["sales.csv", "xyz"],
    ["sales.csv", "slaes"],
    ["a.csv", "a.csv.bak"],
    ["", "a"],
  ])("%s does not match %p", (name, query) => {
    expect(matchScore(name, query)).toBeUndefined();
  });

  test("a later word start counts even when an earlier occurrence is mid-word", () => {
    // "port" first occurs inside "report", then as a word after "_".
    expect(matchScore("report_port.csv", "port")).toBe(MATCH_SCORES.word);
  });

  test("the tiers are ordered as docs/server-api.md (Files) ranks them", () => {
    const order = [
      MATCH_SCORES.exact,
      MATCH_SCORES.startsWith,
      MATCH_SCORES.word,
      MATCH_SCORES.substring,
      MATCH_SCORES.subsequence,
    ];
    expect([...order].sort((a, b) => b - a)).toEqual(order);
  });
});
