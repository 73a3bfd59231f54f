// Swizzle wrap of @theme/SearchBar: the search feature's box (src/search/SearchBar.tsx).
export { default } from '../../search/SearchBar';
