import { expect, test } from "bun:test";
import pl from "nodejs-polars";
import { profileFrame } from "../../../../src/engine/profile";
import { answerOf } from "../scenarios/profile";
import { handProfile } from "./hand-profile";
import { answerDiffers } from "./paired-runs";

test("the hand-written profile answers what Weft's profile does", () => {
  const frame = pl
    .DataFrame({
      id: [1, 2, 3, 4, 5, 6],
      region: ["north", "south", null, "north", " east", "north"],
      price: [1.5, null, 2.5, Number.NaN, 1.5, 4],
      note: ["", "gift", "", "ünï", "a\nb", null],
    })
    .lazy();
  const weft = answerOf(profileFrame(frame) as never);
  const hand = handProfile(frame);
  expect(hand.rows).toBe(6);
  expect(hand.top[1]).toEqual(["region", 5, 1, 3, "north", 3]);
  expect(answerDiffers(weft, hand)).toBeUndefined();
});
