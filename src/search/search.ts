// Stands in for the plugin's searchByWorker module in its search bar and results page. It only loads ./lazy.ts, a
// chunk fetched when the reader first uses the box, which asks the symbol index first and the plugin's full-text
// worker second; the plugin's own module (and Comlink) moves into that chunk, out of the bundle of every page.
import type { PluginResult } from './results';

type Lazy = typeof import('./lazy');

let loading: Promise<Lazy> | undefined;
let loaded: Lazy | undefined;

function lazy(): Promise<Lazy> {
  loading ??= import('./lazy').then((module) => (loaded = module));
  return loading;
}

/** The chunk, once it has arrived (the result template runs only after the index has loaded). */
export function loadedSearch(): Lazy | undefined {
  return loaded;
}

export async function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void> {
  await (await lazy()).fetchIndexes(baseUrl, searchContext);
}

export async function searchByWorker(baseUrl: string, searchContext: string, input: string, limit: number): Promise<PluginResult[]> {
  return (await lazy()).search(baseUrl, searchContext, input, limit);
}
