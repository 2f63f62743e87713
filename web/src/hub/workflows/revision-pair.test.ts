import { expect, test } from "bun:test";
import { defaultPair, withFrom, withTo } from "./revision-pair";

test("first the newest against the one before; a first revision alone against itself", () => {
  expect(defaultPair(5)).toEqual({ from: 4, to: 5 });
  expect(defaultPair(2)).toEqual({ from: 1, to: 2 });
  expect(defaultPair(1)).toEqual({ from: 1, to: 1 });
});

test("choosing one end keeps before older than after", () => {
  expect(withTo({ from: 4, to: 5 }, 3)).toEqual({ from: 2, to: 3 });
  expect(withTo({ from: 1, to: 5 }, 3)).toEqual({ from: 1, to: 3 });
  expect(withFrom({ from: 1, to: 2 }, 4, 5)).toEqual({ from: 4, to: 5 });
  expect(withFrom({ from: 1, to: 5 }, 3, 5)).toEqual({ from: 3, to: 5 });
});
