/**
 * The token types that give a token a colour or a font of its own in either colour mode (config/prism-themes.ts).
 * A token that carries none of them looks like the text around it, so src/prism hands it on as plain text and the
 * line renders it without an element (src/theme/CodeBlock/Line). tests/unit/token-css.test.ts keeps this list equal to
 * the types the two themes style.
 */
export const STYLED_TOKEN_TYPES: ReadonlySet<string> = new Set([
  'atrule',
  'attr-name',
  'attr-value',
  'block-comment',
  'bold',
  'boolean',
  'builtin',
  'cdata',
  'changed',
  'char',
  'class-name',
  'comment',
  'constant',
  'deleted',
  'doctype',
  'entity',
  'function',
  'function-name',
  'important',
  'inserted',
  'italic',
  'keyword',
  'namespace',
  'number',
  'prolog',
  'property',
  'selector',
  'shebang',
  'string',
  'symbol',
  'tag',
  'url',
  'variable',
]);
