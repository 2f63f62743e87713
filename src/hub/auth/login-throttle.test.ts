import { expect, test } from "bun:test";
import { manualClock } from "../../../tests/helpers/manual-clock";
import { LoginThrottle } from "./login-throttle";

const make = (maxKeys?: number) => {
  const time = manualClock("2026-06-01T00:00:00.000Z");
  const throttle = new LoginThrottle({
    clock: time.clock,
    maxPerUsername: 3,
    maxPerAddress: 5,
    windowSeconds: 60,
    maxKeys,
  });
  return { time, throttle };
};

test("a username is refused past its limit until its window ends, with the seconds left", () => {
  const { time, throttle } = make();
  for (let i = 0; i < 3; i++) expect(throttle.attempt("ann", `10.0.0.${i}`)).toBe(0);
  expect(throttle.attempt("ann", "10.0.0.9")).toBe(60);
  time.advance(45_500);
  expect(throttle.attempt("ann", "10.0.0.9")).toBe(15);
  expect(throttle.attempt("bob", "10.0.0.9")).toBe(0);
  time.advance(14_500);
  expect(throttle.attempt("ann", "10.0.0.9")).toBe(0);
});

test("an address is refused past its limit whatever the usernames", () => {
  const { throttle } = make();
  for (let i = 0; i < 5; i++) expect(throttle.attempt(`user${i}`, "10.0.0.1")).toBe(0);
  expect(throttle.attempt("someone-else", "10.0.0.1")).toBeGreaterThan(0);
  expect(throttle.attempt("someone-else", "10.0.0.2")).toBe(0);
});

test("a success clears the username's count and gives the address its attempt back", () => {
  const { throttle } = make();
  for (let i = 0; i < 3; i++) throttle.attempt("ann", "10.0.0.1");
  throttle.succeeded("ann", "10.0.0.1");
  // ann starts over; the address has used 2 (3 taken, 1 given back) of its 5.
  for (let i = 0; i < 3; i++) expect(throttle.attempt(`user${i}`, "10.0.0.1")).toBe(0);
  expect(throttle.attempt("carl", "10.0.0.1")).toBeGreaterThan(0);
  expect(throttle.attempt("ann", "10.0.0.2")).toBe(0);
});

test("an office signing in from one address never locks it: successes use up nothing", () => {
  const { throttle } = make();
  for (let i = 0; i < 100; i++) {
    expect(throttle.attempt(`person${i}`, "10.9.9.9")).toBe(0);
    throttle.succeeded(`person${i}`, "10.9.9.9");
  }
});

test("memory stays bounded: a flood of names keeps at most maxKeys windows per map", () => {
  const { throttle } = make(100);
  for (let i = 0; i < 10_000; i++) throttle.attempt(`name-${i}`, `addr-${i}`);
  expect(throttle.size()).toBeLessThanOrEqual(200);
});
