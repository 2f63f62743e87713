import { WeftError } from "../../shared/errors";

/**
 * An AI provider could not be reached, did not answer in time (504), or answered something
 * Weft cannot use (502). The message names the provider and its origin, never a key or a
 * query string (gemini's `?key=` would otherwise reach the logs).
 */
export class AiUpstreamError extends WeftError {
  constructor(
    message: string,
    readonly status: 502 | 504,
  ) {
    super(message);
  }
}

/** Why a fetch to `origin` failed, in words that carry no URL (Bun's errors hold the full URL in `path`). */
export function unreachable(provider: string, origin: string, err: unknown): AiUpstreamError {
  const code = typeof err === "object" && err !== null && "code" in err ? String(err.code) : "";
  const why = code && !/^\d+$/.test(code) ? code : err instanceof Error ? err.name : "network error";
  return new AiUpstreamError(`Could not reach ${provider} at ${origin}: ${why}`, 502);
}
