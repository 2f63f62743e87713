import { ValidationError } from "./errors";

/**
 * How deeply `text`'s arrays and objects nest, counting only brackets outside strings. One
 * pass over the raw text, before JSON.parse: parsing a deep document works, but everything
 * that walks it afterwards recurses (JSON.stringify threw a RangeError on 100,000 levels, in
 * an error response or on the way to an executor), so the depth is refused at the door.
 */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character.
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The refusal of a JSON text nested deeper than `max` (400: malformed input), or nothing. */
export function checkJsonDepth(text: string, max: number, what: string): void {
  const depth = jsonDepth(text);
  if (depth > max) {
    throw new ValidationError(
      `${what} nests arrays and objects ${count(depth)} levels deep, over the limit of ${count(max)} (setting MAX_JSON_DEPTH)`,
    );
  }
}
