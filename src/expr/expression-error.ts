import { ValidationError } from "../shared/errors";

/**
 * An expression string that cannot be accepted: a syntax error, a refused construct, or a
 * literal over its limit. A 400 whose message says what and where (`at column N`, 1-based,
 * as editors count).
 */
export class ExpressionError extends ValidationError {
  constructor(
    message: string,
    /** 0-based offset in the expression string. */
    readonly offset: number,
  ) {
    super(`${message} (at column ${offset + 1})`);
  }
}
