/**
 * The token types that give a token a colour or a font of its own in either colour mode (config/prism-themes.ts), each
 * with the short class name that marks it in the pages' code (`<span class=kw>`) and in the stylesheet
 * (generated/prism-tokens.css). A token that carries none of these types looks like the text around it, so src/prism
 * hands it on as plain text and the line renders it without an element (src/theme/CodeBlock/Line); a type no theme
 * styles gets no class. tests/unit/token-css.test.ts keeps this list equal to the types the two themes style.
 *
 * Prism's own markup names every type in full (`class="token keyword"`); a reference page carries thousands of tokens,
 * and the full names were a tenth of its HTML.
 */
export const TOKEN_CLASSES: Readonly<Record<string, string>> = {
  atrule: 'at',
  'attr-name': 'an',
  'attr-value': 'av',
  'block-comment': 'bc',
  bold: 'b',
  boolean: 'bo',
  builtin: 'bi',
  cdata: 'cd',
  changed: 'cg',
  char: 'ch',
  'class-name': 'cn',
  comment: 'cm',
  constant: 'co',
  deleted: 'de',
  doctype: 'dt',
  entity: 'en',
  function: 'fn',
  'function-name': 'fm',
  important: 'im',
  inserted: 'in',
  italic: 'i',
  keyword: 'kw',
  namespace: 'ns',
  number: 'nu',
  prolog: 'pr',
  selector: 'se',
  shebang: 'sb',
  string: 'st',
  symbol: 'sy',
  tag: 'tg',
  url: 'ur',
  variable: 'va',
};

export const STYLED_TOKEN_TYPES: ReadonlySet<string> = new Set(Object.keys(TOKEN_CLASSES));

/** The classes of a token with these types: each styled type once, in the order the token carries them. */
export function tokenClassName(types: readonly string[]): string {
  const classes: string[] = [];
  for (const type of types) {
    const name = TOKEN_CLASSES[type];
    if (name !== undefined && !classes.includes(name)) classes.push(name);
  }
  return classes.join(' ');
}
