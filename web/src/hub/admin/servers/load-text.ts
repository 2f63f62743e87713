/**
 * Load as people read it: "1 of 2 busy" (requests running of the engine processes the Server
 * has), "2 of 2 busy, 3 waiting" past its capacity, "Idle"; only the count when the Server
 * did not say its capacity.
 */
export function loadText(running: number, capacity: number | null): string {
  if (capacity === null || capacity === 0) return running === 0 ? "Idle" : `${running.toLocaleString("en")} running`;
  if (running === 0) return `Idle (0 of ${capacity})`;
  if (running <= capacity) return `${running} of ${capacity} busy`;
  return `${capacity} of ${capacity} busy, ${(running - capacity).toLocaleString("en")} waiting`;
}
