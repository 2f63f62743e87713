import { describe, expect, test } from "bun:test";
import { TEST_LIMITS } from "../../tests/helpers/tool-harness";
import { compileExpression, ExpressionError } from "./index";

/*
 * Issue 13, item 11: every message a person meets while writing an expression is written for
 * a person. For the mistakes an analyst typically makes, the message names the text at fault
 * and where it is, says what to write instead, and uses none of the parser's or the
 * implementation's words.
 */

/** Words of the parser, of Python's internals or of JavaScript, that a person should not have to read. */
const JARGON: readonly RegExp[] = [
  /\bstarred\b/i,
  /\btokens?\b/i,
  /\bAST\b/,
  /\bnodes?\b/i,
  /expected expression/i,
  /\bsubscripts?\b/i,
  /\bundefined\b/,
  /\[object/,
  /\bliterals?\b/i,
  /\bdunder\b/i,
  /\boperands?\b/i,
  /\bpositional\b/i,
  /keyword argument/i,
  /\bnamespaces?\b/i,
  /\battribute\b/i,
  /nodejs-polars/i,
  /NoneType/,
  /syntax tree/i,
];

// [mistake, expression, text the message must name, column (1-based) the message must point at]
const MISTAKES: readonly [string, string, string, number][] = [
  ["a misspelled method", 'pl.col("amount").sume()', ".sume()", 18],
  ["a misspelled function", 'pl.colu("amount")', "pl.colu", 4],
  ["a bare column name", "amount * 2", 'pl.col("amount")', 1],
  ["a missing closing parenthesis", '(pl.col("a") + 1', "'(' at column 1", 17],
  ["a missing parenthesis in a call", 'pl.col("a" > 1', "'(' at column 7", 15],
  ["= instead of ==", 'pl.col("a") = 1', "==", 13],
  ["and instead of &", 'pl.col("a") > 1 and pl.col("b") < 2', "and", 1],
  ["or instead of |", 'pl.col("a") > 1 or pl.col("b") < 2', "or", 1],
  ["a Python string method", 'pl.col("name").upper()', ".str.to_uppercase()", 16],
  ["a Python string method on text", '"abc".upper()', "pl.lit", 1],
  ["a lambda", "lambda x: x + 1", "lambda", 1],
  ["an import", "import os", "import", 1],
  ["a dunder attribute", 'pl.col("a").__class__', "__class__", 13],
  ["a dunder function", '__import__("os")', "__import__", 1],
  ["a Python built-in function", 'round(pl.col("a"), 2)', ".round()", 1],
  ["a Python type instead of a data type", 'pl.col("a").cast(int)', "pl.Int64", 18],
  ["indexing a column", 'pl.col("a")[0]', "[...]", 1],
  ["empty brackets", 'pl.col("a")[]', "[...]", 12],
  ["an argument name from Python's round", 'pl.col("a").round(ndigits=2)', "ndigits", 19],
  ["too many arguments", 'pl.col("a").alias("x", "y")', ".alias()", 24],
  ["an argument given twice", 'pl.col("a").round(2, decimals=3)', "decimals", 22],
  ["an unnamed argument after a named one", 'pl.col("a").round(decimals=2, "x")', "name=value", 31],
  ["unpacking arguments", 'pl.col("a", *rest)', "'*'", 13],
  ["two values with nothing between them", 'pl.col("a") pl.col("b")', "'pl'", 13],
  ["text minus a number", '"abc" - 1', "text", 7],
  ["a column as a power", 'pl.col("a") ** pl.col("b")', "**", 13],
  ["a method without brackets", 'pl.col("a").sum', ".sum()", 13],
  ["an unclosed quote", 'pl.col("a) + 1', "quote", 8],
  ["a stray bracket", 'pl.col("a"))', "')'", 12],
  ["a comment", 'pl.col("a") # total', "#", 13],
];

function messageOf(source: string): string {
  try {
    compileExpression(source, TEST_LIMITS);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return (error as Error).message;
  }
  throw new Error(`${source} was accepted`);
}

describe("an analyst's typical mistakes get messages written for a person", () => {
  test.each(MISTAKES)("%s: %s", (_, source, names, column) => {
    const message = messageOf(source);
    expect(message).toContain(names);
    expect(message).toEndWith(`(at column ${column})`);
    for (const word of JARGON) expect(message).not.toMatch(word);
  });
});
