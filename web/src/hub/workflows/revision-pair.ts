/** The two revisions compared: `from` the older (before), `to` the newer (after). */
export interface RevisionPair {
  from: number;
  to: number;
}

/** The pair shown first: the newest revision against the one before (the first alone when it is the only one). */
export function defaultPair(newest: number): RevisionPair {
  return { from: Math.max(1, newest - 1), to: Math.max(1, newest) };
}

/** The revision compared "to" moved: "from" stays older (it follows down when it must). */
export function withTo(pair: RevisionPair, to: number): RevisionPair {
  return { from: Math.min(pair.from, Math.max(1, to - 1)), to };
}

/** The revision compared "from" moved: "to" stays newer (it follows up when it must, up to the newest). */
export function withFrom(pair: RevisionPair, from: number, newest: number): RevisionPair {
  return { from, to: Math.max(pair.to, Math.min(newest, from + 1)) };
}
