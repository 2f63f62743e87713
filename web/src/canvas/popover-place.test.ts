import { describe, expect, test } from "bun:test";
import { placePopover } from "./popover-place";

describe("placePopover", () => {
  const view = { width: 1280, height: 800 };

  test("above the button, right edges aligned, when it fits", () => {
    expect(placePopover({ top: 480, bottom: 510, right: 960 }, { width: 476, height: 300 }, view)).toEqual({
      left: 484,
      top: 172,
      maxHeight: 300,
    });
  });

  test("below when above is too short and below has more room", () => {
    expect(placePopover({ top: 100, bottom: 130, right: 960 }, { width: 476, height: 400 }, view)).toEqual({
      left: 484,
      top: 138,
      maxHeight: 400,
    });
  });

  test("on the larger side, scrolling, when neither side has room for all of it", () => {
    const at = placePopover(
      { top: 300, bottom: 330, right: 700 },
      { width: 400, height: 500 },
      { width: 800, height: 500 },
    );
    expect(at).toEqual({ left: 300, top: 8, maxHeight: 284 });
  });

  test("moved in from the window's left edge", () => {
    expect(placePopover({ top: 480, bottom: 510, right: 200 }, { width: 476, height: 300 }, view).left).toBe(8);
  });
});
