import { describe, expect, test } from "bun:test";
import { Namer } from "./names";

describe("Namer", () => {
  test("names are unique, never keywords, module or helper names", () => {
    const namer = new Namer();
    expect(namer.fresh("Orders", "x")).toBe("orders");
    expect(namer.fresh("orders", "x")).toBe("orders_2");
    expect(namer.fresh("ORDERS!", "x")).toBe("orders_3");
    expect(namer.fresh("class", "x")).toBe("class_2");
    expect(namer.fresh("match", "x")).toBe("match_2");
    expect(namer.fresh("pl", "x")).toBe("pl_2");
    expect(namer.fresh("join frames", "x")).toBe("join_frames_2");
    expect(namer.fresh("main", "x")).toBe("main_2");
  });

  test("a group shares one stem and avoids every name taken", () => {
    const namer = new Namer();
    namer.reserve("big_true");
    expect(namer.freshGroup("Big", "x", ["true", "false"])).toEqual({ true: "big_2_true", false: "big_2_false" });
    expect(namer.freshGroup("Big", "x", [""])).toEqual({ "": "big" });
    expect(namer.fresh("big_2_true", "x")).toBe("big_2_true_2");
  });
});
