// Orders strings by their UTF-16 code units: what `a < b` does, without the locale-aware collation of localeCompare.

/** Negative when `a` sorts before `b`, positive after, zero when equal. */
export function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
