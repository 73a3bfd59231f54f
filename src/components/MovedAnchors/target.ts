// Where an anchor that moved with a split page went (src/components/MovedAnchors), apart from React and the router so
// that the build's checks read the same rule.

/** The URL an anchor moved to, or undefined for one that did not move. */
export function movedTarget(base: string, to: Readonly<Record<string, string>>, anchor: string): string | undefined {
  const target = Object.hasOwn(to, anchor) ? to[anchor] : undefined;
  if (target === undefined) return undefined;
  const [slug = '', moved = anchor] = target.split('#');
  return `${base}/${slug}#${moved}`;
}
