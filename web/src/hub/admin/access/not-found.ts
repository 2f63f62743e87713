import { ApiError } from "../../../lib/api";

/** The Hub answered 404: the record is gone (deleted in another tab, or a stale link). */
export const gone = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
