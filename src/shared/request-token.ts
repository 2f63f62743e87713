/** The token of an `Authorization: Bearer <token>` header, if it is one. */
export function bearerOf(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

/**
 * The token a request to the Server carries: X-Weft-Token wins, so that Authorization can
 * carry someone else's key (the AI proxy's). One rule for the Server's authentication and
 * for the rate limit's check of a Hub dispatch, which must bind the very token the Server
 * then redeems (shared/hub-dispatch.ts).
 */
export function requestTokenOf(header: (name: string) => string | undefined): string | undefined {
  return header("x-weft-token")?.trim() || bearerOf(header("authorization"));
}
