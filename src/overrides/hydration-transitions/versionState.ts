// The preferred docs versions' state, per docs plugin (see ./docsPreferredVersion.ts), and when two are the same.

export type PluginState = { preferredVersionName: string | null };
export type State = Record<string, PluginState>;

/** Whether two states name the same version for every plugin: then the one React holds is kept and nothing renders. */
export function sameState(a: State, b: State): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key]?.preferredVersionName === b[key]?.preferredVersionName);
}
