// Stands in for the plugin's SuggestionTemplate in its search bar: the template of ./lazy.ts, which is there by the
// time the bar shows a result (the bar builds its list once the index has loaded).
import { loadedSearch } from './search';
import type { PluginResult } from './results';

export function SuggestionTemplate(result: PluginResult): string {
  return loadedSearch()?.suggestion(result) ?? '';
}
