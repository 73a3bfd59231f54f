// Replaces the theme's loader of `prism.additionalLanguages`: its `require(\`prismjs/components/prism-${lang}\`)` made
// the bundler ship prismjs's language catalogue and loader (about 30 KB) in main.js, and src/prism already holds every
// grammar the docs use.
export default function prismIncludeLanguages(): void {
  // Nothing to add: see src/prism/index.tsx.
}
