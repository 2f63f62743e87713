import type { MiddlewareHandler } from "hono";
import { checkJsonDepth } from "../../shared/json-depth";
import { replaceRawRequest } from "../client-address";

/** The media types Hono's validators parse as JSON (its `jsonRegex`). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Refuses a JSON request body nested deeper than MAX_JSON_DEPTH before any route parses it.
 * The text read here is kept by Hono's request, so the route's validator parses it without
 * reading the body again; the raw request gets the same text back as its body, for what reads
 * the stream after this (a route's own bodyLimit, which found the stream locked: a 500).
 */
export function jsonDepthLimit(max: number): MiddlewareHandler {
  return async function jsonDepthMiddleware(c, next) {
    const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim() ?? "";
    if (JSON_MEDIA_TYPE.test(mediaType)) {
      const text = await c.req.text();
      checkJsonDepth(text, max, "The request body");
      replaceRawRequest(c, new Request(c.req.raw, { body: text }));
    }
    return next();
  };
}
