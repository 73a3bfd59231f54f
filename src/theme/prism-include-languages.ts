// Swizzle replace of @theme/prism-include-languages: does nothing, since src/prism already holds every grammar the docs use (the theme's loader put prismjs's language catalogue, about 30 KB, in main.js).
export default function prismIncludeLanguages(): void {
  // Nothing to add: see src/prism/index.tsx.
}
