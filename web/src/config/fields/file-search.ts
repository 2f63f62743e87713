import { type Accessor, createEffect, createSignal, on, onCleanup } from "solid-js";
import type { ApiClient } from "../../lib/api";
import { createDebouncedTask } from "../../state/debounced-task";
import { dirName } from "../paths";
import type { Listed } from "./file-entry";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The file dialog's search over every granted root (/api/files/search): it follows `query`
 * (debounced, the older request aborted); `results` is undefined while the query is empty.
 * `extensions` narrows it (comma-separated, as the route takes them).
 */
export function createFileSearch(api: ApiClient, query: Accessor<string>, extensions: () => string | undefined) {
  const [results, setResults] = createSignal<Listed[] | undefined>();
  const [error, setError] = createSignal<string>();
  const task = createDebouncedTask(
    async (signal) => {
      const answer = await api.fileSearch(query().trim(), { extensions: extensions(), limit: 100 }, signal);
      return answer.results.map(
        (r): Listed => ({
          name: r.name,
          path: r.path,
          isDir: false,
          size: r.size,
          modified: r.modified,
          where: dirName(r.path),
        }),
      );
    },
    { onResult: setResults, onError: (err) => setError((err as Error).message) },
    { delayMs: SEARCH_DEBOUNCE_MS },
  );
  createEffect(
    on(query, (q) => {
      setError(undefined);
      if (q.trim() !== "") return task.schedule();
      task.cancel();
      setResults(undefined);
    }),
  );
  onCleanup(() => task.cancel());
  return { results, error };
}
