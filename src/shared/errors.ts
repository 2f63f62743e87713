/**
 * The error hierarchy. A WeftError maps to its status and its `detail` (its message; a
 * tool's names the tool) is what the client reads. Anything else that escapes a handler is
 * unexpected: a 500. Every answer of 500 or more, a WeftError's too (an engine process that
 * stopped, a run past its time limit), carries an `error_id` that is also written to the log.
 */
export abstract class WeftError extends Error {
  abstract readonly status: number;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  /** What a client reads (the answer's `detail`, the archive's log). */
  get detail(): string {
    return this.message;
  }
}

/** A request or setting that does not make sense (400). */
export class ValidationError extends WeftError {
  readonly status: number = 400;
}

/** A file or database that cannot be read as asked (400). */
export class DataSourceError extends WeftError {
  readonly status: number = 400;
}

/** A tool's problem; `toolId` names the tool at fault. */
export abstract class ToolError extends WeftError {
  constructor(
    readonly toolId: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /**
   * The message naming the tool at fault (`Tool "sort_1": Unknown column "qq"…`), which the
   * UI uses to point at it; a message that already starts by naming its tool is kept.
   */
  override get detail(): string {
    if (this.toolId === "" || this.message.startsWith("Tool ")) return this.message;
    return `Tool "${this.toolId}": ${this.message}`;
  }
}

/** A tool's configuration is invalid (400). */
export class ToolConfigError extends ToolError {
  readonly status = 400;
}

/** A tool failed on the data while running (422: the request was understood, the data refused it). */
export class ToolRuntimeError extends ToolError {
  readonly status = 422;
}

/** A run could not complete. */
export class ExecutionError extends WeftError {
  readonly status: number = 500;
}

/** A safety limit (pivot width, cross join, unpivot size) would be exceeded (422). */
export class SafetyLimitError extends ExecutionError {
  override readonly status = 422;
  constructor(
    message: string,
    readonly limit: number,
    readonly wouldBe: number,
  ) {
    super(message);
  }
}

/** A run went past MAX_EXECUTION_TIME_SECONDS (504). */
export class ExecutionTimeoutError extends ExecutionError {
  override readonly status = 504;
}

export class UnauthorizedError extends WeftError {
  readonly status = 401;
}

export class ForbiddenError extends WeftError {
  readonly status = 403;
}

export class NotFoundError extends WeftError {
  readonly status = 404;
}

export class ConflictError extends WeftError {
  readonly status = 409;
}

export class PayloadTooLargeError extends WeftError {
  readonly status = 413;
}

export class RateLimitedError extends WeftError {
  readonly status = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many requests: try again in ${retryAfterSeconds} s`);
  }
}

/** A feature turned off by configuration (503). */
export class FeatureDisabledError extends WeftError {
  readonly status = 503;
}
