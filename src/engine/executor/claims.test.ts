import { expect, test } from "bun:test";
import { Claims } from "./claims";

test("the first claim of a key goes, the others wait until its holder releases it or goes away", () => {
  const told: string[] = [];
  const claims = new Claims<string>((executor, id, outcome) => told.push(`${executor}#${id} ${outcome}`));
  claims.claim("a", "k", 1);
  claims.claim("b", "k", 2);
  claims.claim("c", "k", 3);
  claims.claim("b", "other", 4);
  expect(told).toEqual(["a#1 go", "b#4 go"]);
  // Only the holder releases; a waiter that went away is told nothing.
  claims.release("b", "k");
  claims.forget("c");
  expect(told).toEqual(["a#1 go", "b#4 go"]);
  claims.release("a", "k");
  expect(told.slice(2)).toEqual(["b#2 done"]);
  // A holder that goes away releases what it held: the next claim of the key goes.
  claims.claim("d", "other", 5);
  claims.forget("b");
  expect(told.slice(3)).toEqual(["d#5 done"]);
  claims.claim("d", "other", 6);
  expect(told.slice(4)).toEqual(["d#6 go"]);
});
