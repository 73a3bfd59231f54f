// Stands in for @docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js (see ./index.ts): the docs
// version a reader chose last, per docs plugin, kept in browser storage. Same exports and contract; what differs is
// the read from storage once the page has hydrated. Upstream sets a new state object from it unconditionally, so
// every reader (each navbar item that links into the docs) re-renders in one task React cannot interrupt, although
// on a site whose readers never chose a version the state read is the one it had. Here an unchanged state is kept
// (no render at all), and a changed one is set as a transition.
import { createContext, createElement, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useAllDocsData, useDocsData, type GlobalVersion } from '@docusaurus/plugin-content-docs/client';
import { useThemeConfig } from '@docusaurus/theme-common';
import { createStorageSlot } from '@docusaurus/theme-common/internal';
import { sameState, type PluginState, type State } from './versionState';

/** Where the choice is kept (`themeConfig.docs.versionPersistence`): localStorage, sessionStorage or nowhere. */
type Persistence = NonNullable<NonNullable<Parameters<typeof createStorageSlot>[1]>['persistence']>;
type Api = { savePreferredVersion: (pluginId: string, versionName: string) => void };

const slot = (pluginId: string, persistence: Persistence) => createStorageSlot(`docs-preferred-version-${pluginId}`, { persistence });

/** The stored choice of each plugin; a stored version the site no longer has is removed from storage and read as none. */
function readStoredState(pluginIds: readonly string[], persistence: Persistence, versionsOf: (pluginId: string) => readonly { name: string }[]): State {
  return Object.fromEntries(
    pluginIds.map((pluginId): [string, PluginState] => {
      const stored = slot(pluginId, persistence).get();
      if (stored !== null && versionsOf(pluginId).some((version) => version.name === stored)) return [pluginId, { preferredVersionName: stored }];
      if (stored !== null) slot(pluginId, persistence).del();
      return [pluginId, { preferredVersionName: null }];
    }),
  );
}

const Context = createContext<readonly [State, Api] | null>(null);

export function DocsPreferredVersionContextProvider({ children }: { children: ReactNode }): ReactNode {
  const allDocsData = useAllDocsData();
  const persistence = useThemeConfig().docs.versionPersistence as Persistence;
  const pluginIds = useMemo(() => Object.keys(allDocsData), [allDocsData]);
  // The server cannot read browser storage: no plugin has a preferred version until the page has hydrated.
  const [state, setState] = useState<State>(() => Object.fromEntries(pluginIds.map((id) => [id, { preferredVersionName: null }])));

  useEffect(() => {
    const stored = readStoredState(pluginIds, persistence, (pluginId) => allDocsData[pluginId]?.versions ?? []);
    startTransition(() => setState((current) => (sameState(current, stored) ? current : stored)));
  }, [allDocsData, persistence, pluginIds]);

  const api = useMemo<Api>(
    () => ({
      savePreferredVersion(pluginId, versionName) {
        slot(pluginId, persistence).set(versionName);
        setState((current) => ({ ...current, [pluginId]: { preferredVersionName: versionName } }));
      },
    }),
    [persistence],
  );
  const value = useMemo(() => [state, api] as const, [state, api]);
  return createElement(Context.Provider, { value }, children);
}

function usePreferredVersionContext(): readonly [State, Api] {
  const value = useContext(Context);
  if (value === null) throw new Error('Hook useDocsPreferredVersion is called outside the <DocsPreferredVersionContextProvider>.');
  return value;
}

export function useDocsPreferredVersion(pluginId = 'default'): {
  preferredVersion: GlobalVersion | null;
  savePreferredVersionName: (versionName: string) => void;
} {
  const docsData = useDocsData(pluginId);
  const [state, api] = usePreferredVersionContext();
  const name = state[pluginId]?.preferredVersionName ?? null;
  const preferredVersion = docsData.versions.find((version) => version.name === name) ?? null;
  const savePreferredVersionName = useCallback((versionName: string) => api.savePreferredVersion(pluginId, versionName), [api, pluginId]);
  return { preferredVersion, savePreferredVersionName };
}

export function useDocsPreferredVersionByPluginId(): Record<string, GlobalVersion | null> {
  const allDocsData = useAllDocsData();
  const [state] = usePreferredVersionContext();
  return Object.fromEntries(
    Object.entries(allDocsData).map(([pluginId, docsData]) => {
      const name = state[pluginId]?.preferredVersionName ?? null;
      return [pluginId, docsData.versions.find((version) => version.name === name) ?? null];
    }),
  );
}
