import { type Accessor, createSignal, onCleanup } from "solid-js";

/**
 * The time now, moving every `ms`, for what is shown relative to it ("3 minutes ago", how long
 * a run has been running). Display only: nothing waits on it. Call inside a component.
 */
export function createNow(ms = 5_000): Accessor<Date> {
  const [now, setNow] = createSignal(new Date());
  const timer = setInterval(() => setNow(new Date()), ms);
  onCleanup(() => clearInterval(timer));
  return now;
}
