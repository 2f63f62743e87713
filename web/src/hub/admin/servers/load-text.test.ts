import { describe, expect, test } from "bun:test";
import { loadText } from "./load-text";

describe("a Server's load in words", () => {
  test("running of capacity, and what waits past it", () => {
    expect(loadText(0, 2)).toBe("Idle (0 of 2)");
    expect(loadText(1, 2)).toBe("1 of 2 busy");
    expect(loadText(2, 2)).toBe("2 of 2 busy");
    expect(loadText(5, 2)).toBe("2 of 2 busy, 3 waiting");
  });

  test("only the count when the Server did not say its capacity", () => {
    expect(loadText(0, null)).toBe("Idle");
    expect(loadText(1200, null)).toBe("1,200 running");
  });
});
