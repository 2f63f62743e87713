import { type Accessor, createSignal, onCleanup } from "solid-js";

/** The time, renewed every `everyMs` while the calling component lives: relative times ("5 minutes ago") stay true. */
export function createNow(everyMs = 30_000): Accessor<Date> {
  const [now, setNow] = createSignal(new Date());
  const timer = setInterval(() => setNow(new Date()), everyMs);
  onCleanup(() => clearInterval(timer));
  return now;
}
