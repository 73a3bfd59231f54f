// The symbol index as the bundler loads it (an alias of generated/search-symbols.json, see ./index.ts).
declare module '@symbol-index' {
  import type { SymbolIndex } from '@site/contract/symbol-index.ts';

  const index: SymbolIndex;
  export default index;
}
