// Docusaurus's useIsBrowser (@docusaurus/core/lib/client/exports/useIsBrowser.js), for the browser context of
// ./browserContext.ts: a component that hydrates sees false, as the server rendered it, until the context switches
// (a transition); a component that mounts after the page has hydrated sees true at once, as it would have upstream,
// where the switch is done by then. The search page, for one, reads its query only when this is true.
import { useContext, useState } from 'react';
import { Context, hasHydrated } from './browserContext';

export default function useIsBrowser(): boolean {
  const isBrowser = useContext(Context);
  const [mountedAfterHydration] = useState(hasHydrated);
  return isBrowser || mountedAfterHydration;
}
