import { createSignal } from "solid-js";

/** The side pages shown over the designer; undefined is the designer itself. */
export type PageName = "code" | "history" | "connections";

const PAGES: readonly PageName[] = ["code", "history", "connections"];

/** `#/code` → "code"; anything else → the designer. Hash routes need nothing from the Server. */
function fromHash(hash: string): PageName | undefined {
  const name = hash.replace(/^#\/?/, "");
  return (PAGES as readonly string[]).includes(name) ? (name as PageName) : undefined;
}

const [page, setPage] = createSignal<PageName | undefined>(fromHash(window.location.hash));
const follow = () => setPage(fromHash(window.location.hash));
window.addEventListener("hashchange", follow);
window.addEventListener("popstate", follow);

/** The page shown now (reactive). */
export { page };

/** Shows a page (or the designer with undefined); the browser's Back returns. */
export function openPage(name: PageName | undefined): void {
  const hash = name ? `#/${name}` : "";
  if (window.location.hash === hash || (!name && window.location.hash === "")) return;
  if (name) window.location.hash = hash;
  else window.history.pushState(null, "", window.location.pathname + window.location.search);
  setPage(name);
}
