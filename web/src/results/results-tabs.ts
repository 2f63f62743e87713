/** The tabs of the results pane: one per output socket of the selected tool, then the views. */

export type ResultsView = "data" | "schema" | "profile" | "run";

export interface ResultsTab {
  /** Stable: the socket id for a data tab, else the view's name (data-testid results-tab-<id>). */
  id: string;
  label: string;
  view: ResultsView;
  socket?: string;
}

const SOCKET_LABELS: Record<string, string> = {
  output: "Data",
  "output-true": "True",
  "output-false": "False",
  "output-left": "Left",
  "output-match": "Match",
  "output-right": "Right",
};

/** How a socket's tab is named: "True" / "False" for a Filter, "Left" / "Match" / "Right" for a Join. */
export function socketLabel(socket: string): string {
  const known = SOCKET_LABELS[socket];
  if (known) return known;
  const bare = socket.replace(/^output-?/, "") || socket;
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** The tabs for a tool with these output sockets (none: only the Run tab). */
export function resultsTabs(sockets: readonly string[] | undefined): ResultsTab[] {
  const run: ResultsTab = { id: "run", label: "Run", view: "run" };
  if (!sockets) return [run];
  return [
    ...sockets.map((socket) => ({ id: socket, label: socketLabel(socket), view: "data" as const, socket })),
    { id: "schema", label: "Schema", view: "schema" },
    { id: "profile", label: "Profile", view: "profile" },
    run,
  ];
}

/** The tab a key moves to in a tab list (WAI-ARIA tabs: arrows wrap, Home, End); undefined for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | undefined {
  if (count === 0) return undefined;
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index - 1 + count) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return undefined;
  }
}
