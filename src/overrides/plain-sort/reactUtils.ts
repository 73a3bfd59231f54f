// Stands in for @docusaurus/theme-common/lib/utils/reactUtils (see ./index.ts): the same module with a
// useShallowMemoObject that orders keys without localeCompare.
import { useMemo } from 'react';
import { compareCodeUnits } from './compare';

// theme-common exports no subpaths, so the original module is reached by its place in node_modules.
export * from '../../../node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js';

/** `obj` itself for as long as its keys and values stay the same (compared shallowly, in any key order). */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj);
  deps.sort((a, b) => compareCodeUnits(a[0], b[0]));
  // The dependencies are the object's entries, flattened: that is the point of the hook.
  return useMemo(() => obj, deps.flat());
}
