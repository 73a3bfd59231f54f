// Links that stand alone on their line: a paragraph, list item or table cell whose only content is one or more links
// (a section's "Source of ..." line, a doc comment's bare URLs, a table's link column). axe's target-size rule judges such
// a link as a target of its own, not as a word of a sentence, so it needs 24 px of height; how tall an inline link is
// depends on the font the reader has (22 px in Noto Sans at 16 px, about 19 px in DejaVu Sans). The block gets
// LONE_LINKS_CLASS and the site's stylesheet gives its links their 24 px whatever the font (src/css/custom.css).
// Marked where the HTML is made: the site's MDX pipeline (rehypeLoneLinks) and the generator's section data
// (generator/render/section-data.ts), which both build hast.

/** The class of a block whose only content is links. */
export const LONE_LINKS_CLASS = 'lone-links';

/** The blocks a lone link can stand in: axe walks up to the nearest block, and these are the ones pages hold links in. */
const BLOCKS = new Set(['p', 'li', 'td', 'th', 'dd', 'dt']);

/** The part of a hast node (with MDX's JSX elements) this step reads and writes. */
interface Node {
  type: string;
  value?: string;
  tagName?: string;
  /** An MDX JSX element's name (`Link`, `a`). */
  name?: string | null;
  properties?: Record<string, unknown>;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  /** An MDX ESM node's program (`export const Npm = ({ name }) => <a ...>...</a>`). */
  data?: unknown;
}

/** The JSX names that render a link: the HTML element, Docusaurus's Link. */
const LINK_NAMES: ReadonlySet<string> = new Set(['a', 'Link']);

function isLink(node: Node, linkNames: ReadonlySet<string>): boolean {
  if (node.type === 'element') return node.tagName === 'a';
  return (node.type === 'mdxJsxTextElement' || node.type === 'mdxJsxFlowElement') && linkNames.has(node.name ?? '');
}

/** Whether a block holds one link or more and, around them, nothing but white space. */
function holdsOnlyLinks(children: readonly Node[], linkNames: ReadonlySet<string> = LINK_NAMES): boolean {
  let links = 0;
  for (const child of children) {
    if (isLink(child, linkNames)) links += 1;
    else if (child.type === 'text' && (child.value ?? '').trim() === '') continue;
    else if (child.type === 'comment') continue;
    else if ((child.type === 'mdxTextExpression' || child.type === 'mdxFlowExpression') && /^\s*\/\*[\s\S]*\*\/\s*$/.test(child.value ?? '')) continue;
    else return false;
  }
  return links > 0;
}

function addClass(node: Node): void {
  if (node.type === 'element') {
    const properties = (node.properties ??= {});
    const current = properties.className;
    const classes = Array.isArray(current) ? current.map(String) : typeof current === 'string' ? current.split(' ') : [];
    if (!classes.includes(LONE_LINKS_CLASS)) properties.className = [...classes, LONE_LINKS_CLASS];
    return;
  }
  const attributes = (node.attributes ??= []);
  const current = attributes.find((attribute) => attribute.type === 'mdxJsxAttribute' && attribute.name === 'className');
  if (current === undefined) attributes.push({ type: 'mdxJsxAttribute', name: 'className', value: LONE_LINKS_CLASS });
  else if (typeof current.value === 'string' && !current.value.split(' ').includes(LONE_LINKS_CLASS)) current.value = `${current.value} ${LONE_LINKS_CLASS}`;
}

function blockName(node: Node): string | undefined {
  if (node.type === 'element') return node.tagName;
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') return node.name ?? undefined;
  return undefined;
}

/** Gives every block of the tree whose only content is links the class LONE_LINKS_CLASS (in place). */
export function markLoneLinks(tree: Node, linkNames: ReadonlySet<string> = LINK_NAMES): void {
  const name = blockName(tree);
  if (name !== undefined && BLOCKS.has(name) && holdsOnlyLinks(tree.children ?? [], linkNames)) addClass(tree);
  for (const child of tree.children ?? []) markLoneLinks(child, linkNames);
}

interface EstreeNode {
  type?: string;
  declaration?: EstreeNode;
  declarations?: EstreeNode[];
  id?: { name?: string };
  init?: EstreeNode;
  body?: EstreeNode;
  openingElement?: { name?: { name?: string } };
}

/** The components a page declares that render one link (`export const Npm = ({ name }) => <a ...>...</a>`). */
function pageLinkComponents(tree: Node): string[] {
  const names: string[] = [];
  for (const node of tree.children ?? []) {
    if (node.type !== 'mdxjsEsm') continue;
    const program = (node.data as { estree?: { body?: EstreeNode[] } } | undefined)?.estree;
    for (const statement of program?.body ?? []) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      for (const declarator of declaration?.type === 'VariableDeclaration' ? (declaration.declarations ?? []) : []) {
        const body = declarator.init?.type === 'ArrowFunctionExpression' ? declarator.init.body : undefined;
        const tag = body?.type === 'JSXElement' ? body.openingElement?.name?.name : undefined;
        if (tag !== undefined && LINK_NAMES.has(tag) && declarator.id?.name !== undefined) names.push(declarator.id.name);
      }
    }
  }
  return names;
}

/** The same step as a rehype plugin, for the pages the site's MDX pipeline builds (with the links they declare). */
export function rehypeLoneLinks(): (tree: Node) => void {
  return (tree) => markLoneLinks(tree, new Set([...LINK_NAMES, ...pageLinkComponents(tree)]));
}
