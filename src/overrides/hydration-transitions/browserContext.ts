// Docusaurus's browser context (@docusaurus/core/lib/client/browserContext.js: false on the server and while the page
// hydrates, true after), with the switch to true made as a React transition; see ./index.ts.
import { createContext, createElement, startTransition, useEffect, useState, type ReactNode } from 'react';

export const Context = createContext(false);

/** Whether the page was opened with a query string (read when the bundle runs, before any effect can change it). */
const openedWithQuery = typeof window !== 'undefined' && window.location.search !== '';

/** Set once the first render has been committed: whatever renders from then on renders in the browser, for good. */
let hydrated = false;

/** Whether the page's first render (hydration, or the first render of a page rendered in the browser) is committed. */
export function hasHydrated(): boolean {
  return hydrated;
}

export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    // Effects run once the render is committed; no render happens between the effects of one commit.
    hydrated = true;
    // The query string is the one part of the address the server could not see, and readers of this context read it
    // once it is true. The search results page drops `?q=` from the address in an effect of its hydration and puts
    // it back in the render that switches the context, which must therefore come in the same batch as the router's
    // update, as upstream. A page opened with a query (the search page, a search result's `?_highlight=`) switches
    // at once; any other as a transition.
    if (!openedWithQuery) startTransition(() => setIsBrowser(true));
    else setIsBrowser(true);
  }, []);
  return createElement(Context.Provider, { value: isBrowser }, children);
}
