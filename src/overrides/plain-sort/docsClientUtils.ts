// Stands in for @docusaurus/plugin-content-docs/lib/client/docsClientUtils (see ./index.ts): the same module with a
// getActivePlugin that orders plugin paths without localeCompare.
import { matchPath } from '@docusaurus/router';
import type { GlobalPluginData } from '@docusaurus/plugin-content-docs/client';
import { compareCodeUnits } from './compare';

export * from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';

export type ActivePlugin = { pluginId: string; pluginData: GlobalPluginData };

/** The docs plugin whose path holds `pathname`, the longest such path first ('/android/foo' is in '/android', not '/'). */
export function getActivePlugin(
  allPluginData: Record<string, GlobalPluginData>,
  pathname: string,
  options: { failfast?: boolean } = {},
): ActivePlugin | undefined {
  const activeEntry = Object.entries(allPluginData)
    .sort((a, b) => compareCodeUnits(b[1].path, a[1].path))
    .find(([, pluginData]) => !!matchPath(pathname, { path: pluginData.path, exact: false, strict: false }));
  const activePlugin = activeEntry ? { pluginId: activeEntry[0], pluginData: activeEntry[1] } : undefined;
  if (!activePlugin && options.failfast) {
    const paths = Object.values(allPluginData)
      .map((plugin) => plugin.path)
      .join(', ');
    throw new Error(`Can't find active docs plugin for "${pathname}" pathname, while it was expected to be found. Existing docs plugin paths are: ${paths}`);
  }
  return activePlugin;
}
