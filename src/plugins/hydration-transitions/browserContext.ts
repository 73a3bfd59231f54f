// Docusaurus's browser context (core: false while hydrating, true once hydrated, read by useIsBrowser), with the
// switch to true made as a transition: see ./index.ts.
import { createContext, createElement, startTransition, useEffect, useState, type ReactNode } from 'react';

export const Context = createContext(false);

export function BrowserContextProvider({ children }: { children: ReactNode }): ReactNode {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => {
    startTransition(() => setIsBrowser(true));
  }, []);
  return createElement(Context.Provider, { value: isBrowser }, children);
}
