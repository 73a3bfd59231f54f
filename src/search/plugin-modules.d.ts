// The two modules of @easyops-cn/docusaurus-search-local@0.55.3 that ./search.ts and ./suggestion.ts call through to
// (the package ships no types). The shapes are those of its dist/client/client/theme files.
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker.js' {
  import type { PluginResult } from '@site/src/search/results.ts';

  export function fetchIndexesByWorker(baseUrl: string, searchContext: string): Promise<void>;
  export function searchByWorker(baseUrl: string, searchContext: string, input: string, limit: number): Promise<PluginResult[]>;
}

declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SuggestionTemplate.js' {
  import type { PluginResult } from '@site/src/search/results.ts';

  export function SuggestionTemplate(result: PluginResult & { isInterOfTree?: boolean; isLastOfTree?: boolean }): string;
}
