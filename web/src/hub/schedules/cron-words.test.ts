import { expect, test } from "bun:test";
import { cronInWords, listInWords } from "./cron-words";

test.each([
  ["30 6 * * 1-5", "At 06:30, Monday through Friday"],
  ["0 6 * * MON-FRI", "At 06:00, Monday through Friday"],
  ["0 0 * * *", "At 00:00, every day"],
  ["15 8,12,18 * * *", "At 08:15, 12:15 and 18:15, every day"],
  ["0 9 * * 1,3,5", "At 09:00, on Monday, Wednesday and Friday"],
  ["0 9 * * 0,7", "At 09:00, on Sunday"],
  ["0 9 * * sat", "At 09:00, on Saturday"],
  ["30 45 6 * * *", "At 06:45:30, every day"],
  ["0 30 6 * * *", "At 06:30, every day"],
  ["* * * * *", "Every minute"],
  ["*/15 * * * *", "Every 15 minutes"],
  ["*/15 9-17 * * 1-5", "Every 15 minutes, from 09:00 through 17:59, Monday through Friday"],
  ["0 * * * *", "At minute 0, every hour"],
  ["0,30 * * * *", "At minutes 0 and 30, every hour"],
  ["0 */2 * * *", "At minute 0, every 2 hours"],
  ["5 8-18/2 * * *", "At minute 5, every 2 hours from 08:00 through 18:59"],
  ["10-20 3 * * *", "Every minute from minute 10 through 20, from 03:00 through 03:59"],
  ["*/10 * * * * *", "Every 10 seconds"],
  ["15 */5 * * * *", "At second 15, every 5 minutes"],
  ["0 0 1 * *", "At 00:00, on day 1 of the month"],
  ["0 0 1,15 * *", "At 00:00, on days 1 and 15 of the month"],
  ["0 0 1-7 * *", "At 00:00, on days 1 through 7 of the month"],
  ["0 0 */2 * *", "At 00:00, every 2 days of the month from day 1"],
  ["0 0 L * *", "At 00:00, on the last day of the month"],
  ["0 0 LW * *", "At 00:00, on the last weekday of the month"],
  ["0 0 15W * *", "At 00:00, on the weekday nearest day 15 of the month"],
  ["0 22 * * 5L", "At 22:00, on the last Friday of the month"],
  ["0 22 * * 5#L", "At 22:00, on the last Friday of the month"],
  ["0 8 * * 1#2", "At 08:00, on the second Monday of the month"],
  // croner fires when either day matches, as classic cron does.
  ["0 0 1 * 1", "At 00:00, on day 1 of the month or on Monday"],
  ["0 7 ? JAN *", "At 07:00, every day, in January"],
  ["0 7 1 1-3 *", "At 07:00, on day 1 of the month, in January through March"],
  ["0 7 1 1,4,7,10 *", "At 07:00, on day 1 of the month, in January, April, July and October"],
  ["0 7 1 */3 *", "At 07:00, on day 1 of the month, every 3rd month from January"],
  ["  0   6 * * 1-5 ", "At 06:00, Monday through Friday"],
])("%s reads “%s”", (cron, words) => {
  expect(cronInWords(cron)).toBe(words);
});

test("what it cannot read is a custom pattern, not a guess", () => {
  expect(cronInWords("0 0 * * 9")).toBe("A custom pattern");
  expect(cronInWords("0 0 1 13 *")).toBe("A custom pattern");
  expect(cronInWords("0 0 * *")).toBe("A custom pattern");
  expect(cronInWords("0 0 1X * *")).toBe("A custom pattern");
});

test("lists read as people write them", () => {
  expect(listInWords([])).toBe("");
  expect(listInWords(["a"])).toBe("a");
  expect(listInWords(["a", "b"])).toBe("a and b");
  expect(listInWords(["a", "b", "c"])).toBe("a, b and c");
});
