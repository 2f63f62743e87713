import { type Accessor, createSignal, onCleanup } from "solid-js";

/**
 * The time now, renewed every `everyMs` while the calling component lives, for what is shown
 * relative to it ("5 minutes ago", how long a run has been running). Display only: nothing
 * waits on it.
 */
export function createNow(everyMs: number): Accessor<Date> {
  const [now, setNow] = createSignal(new Date());
  const timer = setInterval(() => setNow(new Date()), everyMs);
  onCleanup(() => clearInterval(timer));
  return now;
}
