import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env } from "hono";
import { ValidationError } from "../shared/errors";
import { describeZodError } from "../shared/zod-detail";

/**
 * An OpenAPIHono whose request validation failures become ValidationError (400 with a
 * `detail` naming the field), like every other error of the API.
 */
export function newApiApp<E extends Env = Env>(): OpenAPIHono<E> {
  return new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw new ValidationError(describeZodError(result.error));
    },
  });
}
