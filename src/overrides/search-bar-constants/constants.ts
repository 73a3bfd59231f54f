// What the local-search bar reads from the plugin's generated constants, without the rest of that module: see
// ./index.ts. The value is the one docusaurus.config.ts passes to the plugin.
export { SEARCH_RESULT_LIMITS as searchResultLimits } from '../../../config/site';
