import { createEffect, createResource, createSignal, For, onMount, Show } from "solid-js";
import { type NamedRoot, useGrantedRoots } from "../../hub/designer/granted-roots";
import { useApi } from "../../lib/api-context";
import { baseName, crumbs, dirName, extensionOf, isInside, joinPath, withSuffix } from "../paths";
import { RECENT_DATA_FILES, type RecentList, recentList } from "../recent-files";
import { EntryIcon, type Listed, listedOf, sizeText } from "./file-entry";
import "./file-picker.css";
import { createFileSearch } from "./file-search";

export type PickerMode = "open" | "save";

/**
 * The file dialog over the Server's granted roots (/api/files/*): roots and recent files at
 * the side, the folder's entries with breadcrumbs, and a search over every root. `open`
 * picks a readable file (Input; Open a workflow), `save` a folder and a typed name (Output;
 * Save a workflow as).
 */
export function FilePicker(props: {
  mode: PickerMode;
  initial: string;
  /** Extensions offered in `open` mode (lower case, no dot); folders are always shown. */
  extensions?: readonly string[];
  /**
   * Only names ending so are shown, in both modes, and searched (`.weft.json`); a name typed
   * in `save` mode gets it when it lacks it.
   */
  suffix?: string;
  /** The name offered in `save` mode when `initial` is empty. */
  defaultName?: string;
  title?: string;
  /** The label of the button that chooses. */
  chooseLabel?: string;
  /** The "Recent" list shown and added to (default: data files). */
  recent?: RecentList;
  testid?: string;
  onChoose: (path: string) => void;
  onClose: () => void;
}) {
  let dialog: HTMLDialogElement | undefined;
  let listEl: HTMLUListElement | undefined;
  const api = useApi();
  // Hub mode: the person's granted folders, named as the Hub names them.
  const named = useGrantedRoots();
  const [roots] = createResource(async (): Promise<NamedRoot[]> => {
    const found = await api.fileRoots();
    return named ? await named(found) : found;
  });
  const rootPaths = () => roots()?.map((r) => r.path) ?? [];
  const [dir, setDir] = createSignal<string | undefined>();
  const [selected, setSelected] = createSignal(props.mode === "open" ? props.initial : "");
  const [name, setName] = createSignal(props.initial ? baseName(props.initial) : (props.defaultName ?? ""));
  const [query, setQuery] = createSignal("");
  const recentFiles = props.recent ?? recentList(RECENT_DATA_FILES);
  const [recent, setRecent] = createSignal(recentFiles.load());

  // Start in the folder of the current path when a root holds it, else in the first root.
  createEffect(() => {
    const list = rootPaths();
    if (dir() !== undefined || list.length === 0) return;
    const from = props.initial ? dirName(props.initial) : "";
    setDir(from && list.some((r) => isInside(from, r)) ? from : list[0]);
  });

  const [listing] = createResource(dir, (path) => api.fileList(path));
  const readable = (entry: { isDir: boolean; path: string }) => {
    if (entry.isDir) return true;
    if (props.suffix) return entry.path.toLowerCase().endsWith(props.suffix.toLowerCase());
    return props.mode === "save" || !props.extensions || props.extensions.includes(extensionOf(entry.path));
  };

  const entries = (): Listed[] => {
    const found = results();
    if (found) return found;
    const list = listing.error ? [] : (listing()?.entries ?? []);
    return list
      .map(listedOf)
      .filter(readable)
      .sort((a, b) => Number(b.isDir) - Number(a.isDir) || a.name.localeCompare(b.name));
  };

  const search = createFileSearch(api, query, () =>
    props.suffix ? props.suffix.replace(/^\./, "") : props.mode === "open" ? props.extensions?.join(",") : undefined,
  );
  const results = search.results;
  const searchError = search.error;

  onMount(() => {
    dialog?.showModal();
  });

  const target = () =>
    props.mode === "open"
      ? selected()
      : dir() && name().trim()
        ? joinPath(dir() as string, withSuffix(name().trim(), props.suffix))
        : "";

  function choose(path = target()) {
    if (!path) return;
    setRecent(recentFiles.remember(path));
    props.onChoose(path);
    dialog?.close();
  }

  function open(entry: Listed) {
    if (entry.isDir) {
      setQuery("");
      setDir(entry.path);
      queueMicrotask(() => listEl?.querySelector("button")?.focus());
    } else if (props.mode === "open") setSelected(entry.path);
    else {
      setDir(dirName(entry.path));
      setName(entry.name);
    }
  }

  function pickRecent(path: string) {
    setQuery("");
    if (props.mode === "open") setSelected(path);
    else setName(baseName(path));
    setDir(dirName(path));
  }

  // Up and down arrows move between entries.
  function onListKey(event: KeyboardEvent) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const buttons = [...(listEl?.querySelectorAll<HTMLButtonElement>("button.fp-entry") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[event.key === "ArrowDown" ? Math.min(buttons.length - 1, at + 1) : Math.max(0, at - 1)];
    next?.focus();
    event.preventDefault();
  }

  const title = props.title ?? (props.mode === "open" ? "Choose a file to read" : "Save as");
  return (
    <dialog
      ref={dialog}
      class="fp"
      data-testid={props.testid ?? "file-picker"}
      aria-labelledby="fp-title"
      onClose={() => props.onClose()}
      onKeyDown={(e) => {
        // The designer's shortcuts stay out of the dialog; Escape clears a search first, then closes.
        e.stopPropagation();
        if (e.key !== "Escape") return;
        e.preventDefault();
        if (query() !== "") setQuery("");
        else dialog?.close();
      }}
    >
      <header class="fp-head">
        <h2 id="fp-title">{title}</h2>
        <input
          type="search"
          class="cfg-input fp-search"
          placeholder="Search files in every folder…"
          aria-label="Search files"
          data-testid="file-picker-search"
          value={query()}
          onInput={(e) => setQuery(e.currentTarget.value)}
        />
        <button type="button" class="cfg-icon" aria-label="Close" onClick={() => dialog?.close()}>
          ✕
        </button>
      </header>
      <div class="fp-body">
        <nav class="fp-side" aria-label="Places">
          <h3>Folders</h3>
          <For
            each={roots() ?? []}
            fallback={
              <Show when={roots()}>
                <p class="muted fp-empty" data-testid="file-picker-no-roots">
                  {named ? "No folder is granted to you on the Hub." : "No folder may be browsed."}
                </p>
              </Show>
            }
          >
            {(root, i) => (
              <button
                type="button"
                class="fp-place"
                classList={{ current: !results() && dir() !== undefined && isInside(dir() as string, root.path) }}
                data-testid={`file-picker-root-${i()}`}
                title={root.path}
                onClick={() => {
                  setQuery("");
                  setDir(root.path);
                }}
              >
                <span class="fp-place-name">
                  {root.name ?? (baseName(root.path) || root.path)}
                  {root.read_only ? " (read-only)" : ""}
                </span>
                <span class="fp-place-path">{root.path}</span>
              </button>
            )}
          </For>
          <Show when={recent().length > 0}>
            <h3>Recent</h3>
            <For each={recent()}>
              {(path) => (
                <button
                  type="button"
                  class="fp-place"
                  title={path}
                  data-testid="file-picker-recent"
                  onClick={() => pickRecent(path)}
                  onDblClick={() => choose(path)}
                >
                  <span class="fp-place-name">{baseName(path)}</span>
                  <span class="fp-place-path">{dirName(path)}</span>
                </button>
              )}
            </For>
          </Show>
        </nav>
        <section class="fp-main" aria-label="Files">
          <Show
            when={!results()}
            fallback={
              <p class="fp-where" aria-live="polite">
                {results()?.length ?? 0} found for “{query()}”
              </p>
            }
          >
            <nav class="fp-crumbs" aria-label="Folder path">
              <For each={dir() ? crumbs(dir() as string, rootPaths()) : []}>
                {(crumb, i) => (
                  <>
                    <Show when={i() > 0}>
                      <span aria-hidden="true">›</span>
                    </Show>
                    <button type="button" class="fp-crumb" onClick={() => setDir(crumb.path)}>
                      {crumb.label}
                    </button>
                  </>
                )}
              </For>
            </nav>
          </Show>
          <Show when={listing.error && !results()}>
            <p class="cfg-notice bad" role="alert">
              {(listing.error as Error).message}
            </p>
          </Show>
          <Show when={searchError()}>
            <p class="cfg-notice bad" role="alert">
              {searchError()}
            </p>
          </Show>
          <ul class="fp-list" ref={listEl} onKeyDown={onListKey}>
            <For
              each={entries()}
              fallback={<li class="muted fp-empty">{listing.loading ? "Reading…" : "No files here."}</li>}
            >
              {(entry) => (
                <li>
                  <button
                    type="button"
                    class="fp-entry"
                    classList={{ chosen: entry.path === target() }}
                    aria-pressed={entry.isDir ? undefined : entry.path === target()}
                    data-testid={`file-picker-entry-${entry.name}`}
                    title={entry.path}
                    onClick={() => open(entry)}
                    onDblClick={() => !entry.isDir && choose(entry.path)}
                  >
                    <EntryIcon folder={entry.isDir} />
                    <span class="fp-name">
                      {entry.name}
                      <Show when={entry.where}>
                        <span class="fp-in"> in {entry.where}</span>
                      </Show>
                    </span>
                    <span class="fp-size">{entry.isDir ? "folder" : sizeText(entry.size)}</span>
                  </button>
                </li>
              )}
            </For>
          </ul>
          <Show when={!results() && listing()?.truncated}>
            <p class="cfg-hint">
              Showing {listing()?.entries.length} of {listing()?.total_entries} entries; search to find others.
            </p>
          </Show>
        </section>
      </div>
      <footer class="fp-foot">
        <Show
          when={props.mode === "save"}
          fallback={
            <span class="fp-target" data-testid="file-picker-selected">
              {selected() || "No file chosen"}
            </span>
          }
        >
          <label class="fp-name-field">
            File name
            <input
              type="text"
              class="cfg-input"
              data-testid="file-picker-name"
              value={name()}
              spellcheck={false}
              onInput={(e) => setName(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  choose();
                }
              }}
            />
          </label>
          <Show when={listing()?.read_only}>
            <span class="bad">This folder is read-only.</span>
          </Show>
        </Show>
        <span class="fp-spacer" />
        <button type="button" class="cfg-button" onClick={() => dialog?.close()}>
          Cancel
        </button>
        <button
          type="button"
          class="cfg-button primary"
          data-testid="file-picker-choose"
          disabled={!target() || (props.mode === "save" && !!listing()?.read_only)}
          onClick={() => choose()}
        >
          {props.chooseLabel ?? (props.mode === "open" ? "Choose" : "Save here")}
        </button>
      </footer>
    </dialog>
  );
}
