/**
 * Section data: a rendered page keeps its headings (table of contents, anchors and the search index come from them) and
 * hands the body of every section to a React component fed from the page's data (src/components/ReferenceSection).
 *
 * The renderers write a page as MDX, each section body inside `<Deferred>` (`deferredSection` in mdx.ts). This step
 * parses that MDX once, the way the site's MDX pipeline reads it (GFM, directives, JSX, Docusaurus's admonitions
 * and code-block properties), turns every section body into HTML-like nodes (mdast-util-to-hast, as MDX does) and
 * writes them to a JSON file; in the page, the body becomes `<ReferenceSection content={sections[n]} />`.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Root as MdastRoot, RootContent, Nodes as MdastNodes } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { MdxFlowExpressionHast, MdxTextExpressionHast } from 'mdast-util-mdx-expression';
import type { toHast as ToHast } from 'mdast-util-to-hast';
import type { SectionNode } from '../../contract/section-nodes';
import { markLoneLinks } from '../../contract/lone-links';

export type { SectionNode } from '../../contract/section-nodes';

/** The component the renderers wrap section bodies in, in the MDX they write. */
const DEFERRED_TAG = 'Deferred';
/** The component a split page renders each section with, and the name it imports the page's data as. */
const SECTION_COMPONENT = 'ReferenceSection';
const SECTIONS_IMPORT = 'sections';
/** Admonition keywords of Docusaurus's `:::` containers (the renderers use warning and note). */
const ADMONITIONS = new Set(['note', 'tip', 'info', 'warning', 'danger', 'caution']);
/** Node types MDX keeps through mdast → hast (as @mdx-js/mdx passes them to remark-rehype). */
const PASS_THROUGH: MdastNodes['type'][] = ['mdxFlowExpression', 'mdxJsxFlowElement', 'mdxJsxTextElement', 'mdxTextExpression', 'mdxjsEsm'];

/** The parser and mdast → hast step, loaded once (ES modules only: imported, not required). */
interface Tools {
  parse: (source: string) => MdastRoot;
  toHast: typeof ToHast;
}

async function loadTools(): Promise<Tools> {
  const [{ createProcessor }, { toHast }, { default: remarkDirective }, { default: remarkGfm }] = await Promise.all([
    import('@mdx-js/mdx'),
    import('mdast-util-to-hast'),
    import('remark-directive'),
    import('remark-gfm'),
  ]);
  const processor = createProcessor({ remarkPlugins: [remarkGfm, remarkDirective] });
  return { parse: (source) => processor.parse(source), toHast };
}

interface SplitPage {
  /** The page with its headings, each section body replaced by the component. */
  mdx: string;
  /** One list of nodes per section, in page order: the JSON the page imports. */
  sections: SectionNode[][];
}

function isDirective(node: MdastNodes): node is Extract<MdastNodes, { type: 'containerDirective' | 'leafDirective' | 'textDirective' }> {
  return node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective';
}

/**
 * What Docusaurus's remark plugins do to the nodes the renderers write: `:::kind[Title]` becomes an `admonition`
 * element with a text title, a text directive without label or attributes (`:name` in running text) turns back into
 * text, and a fenced code block gets its meta string as `metastring` (mdx1Compat's codeCompatPlugin).
 */
function docusaurusTransforms(node: MdastNodes): void {
  if (node.type === 'code') {
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, metastring: node.meta ?? undefined, live: node.meta?.split(' ').includes('live') } };
  }
  if (!('children' in node)) return;
  node.children.forEach((child, index) => {
    if (!isDirective(child)) return;
    if (child.type === 'containerDirective' && ADMONITIONS.has(child.name)) {
      const [first, ...rest] = child.children;
      const labelled = first !== undefined && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel === true;
      const label = labelled && first.type === 'paragraph' ? first.children : [];
      const title = label.length === 1 && label[0]?.type === 'text' ? label[0].value : undefined;
      if (labelled && title === undefined) throw new Error(`section data: an admonition title that is not plain text (:::${child.name})`);
      child.data = { hName: 'admonition', hProperties: { ...(title === undefined ? {} : { title }), type: child.name } };
      child.children = labelled ? rest : child.children;
    } else if (child.type === 'textDirective' && child.children.length === 0 && Object.keys(child.attributes ?? {}).length === 0) {
      (node.children as RootContent[])[index] = { type: 'text', value: `:${child.name}` };
    } else {
      throw new Error(`section data: a directive the site would not render (${child.type} ${child.name})`);
    }
  });
  for (const child of node.children) docusaurusTransforms(child);
}

/** The same transforms as a remark plugin, for rendering a whole page's MDX as the site would (tests). */
export function remarkSiteTransforms(): (tree: MdastRoot) => void {
  return (tree) => docusaurusTransforms(tree);
}

function attributeValue(attribute: MdxJsxAttribute | MdxJsxExpressionAttribute): [string, unknown] {
  if (attribute.type !== 'mdxJsxAttribute' || (attribute.value !== null && attribute.value !== undefined && typeof attribute.value !== 'string')) {
    throw new Error('section data: a JSX attribute that is not a plain string');
  }
  return [attribute.name, attribute.value ?? true];
}

/** A JS expression the renderers write in JSX text: a string literal (jsxText) or a comment. */
function expressionText(value: string): string | null {
  const source = value.trim();
  if (source.startsWith('/*') && source.endsWith('*/')) return null;
  const parsed: unknown = JSON.parse(source);
  if (typeof parsed !== 'string') throw new Error(`section data: an expression that is not a string literal: ${source}`);
  return parsed;
}

function hastProperties(element: Element): Record<string, unknown> | null {
  const entries = Object.entries(element.properties).flatMap(([name, value]): [string, unknown][] => {
    // MDX leaves out a property that is false (hast-util-to-estree), such as code blocks' `live`.
    if (value === undefined || value === null || value === false) return [];
    return [[name, Array.isArray(value) ? value.join(' ') : value]];
  });
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

type HastChild = HastContent | ElementContent | MdxJsxFlowElementHast | MdxJsxTextElementHast | MdxFlowExpressionHast | MdxTextExpressionHast;

/** hast (with MDX's JSX and expression nodes) as section nodes; a lower-case JSX tag is written `=tag`. */
function toNodes(nodes: readonly HastChild[]): SectionNode[] {
  const out: SectionNode[] = [];
  // Adjacent strings are joined: apart, React marks the seam between them in the server markup (`<!-- -->`).
  const push = (node: SectionNode): void => {
    const last = out.at(-1);
    if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
    else out.push(node);
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        push(node.value);
        break;
      case 'element':
        push([node.tagName, hastProperties(node), ...toNodes(node.children)]);
        break;
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        if (node.name === null) throw new Error('section data: a JSX fragment');
        const props = node.attributes.map(attributeValue);
        const name = /^[a-z]/.test(node.name) ? `=${node.name}` : node.name;
        push([name, props.length === 0 ? null : Object.fromEntries(props), ...toNodes(node.children)]);
        break;
      }
      case 'mdxFlowExpression':
      case 'mdxTextExpression': {
        const text = expressionText(node.value);
        if (text !== null && text !== '') push(text);
        break;
      }
      case 'comment':
      case 'doctype':
        break;
      default:
        throw new Error(`section data: a node the section component does not render (${node.type})`);
    }
  }
  return out;
}

/**
 * A section's body as section nodes, through the transforms and the hast MDX would build: converted as the children
 * of its JSX element (MDX puts no line breaks between the blocks of a JSX element, as it does at the top level).
 */
function sectionNodes(tools: Tools, section: MdxJsxFlowElement): SectionNode[] {
  const root: MdastRoot = { type: 'root', children: [structuredClone(section)] };
  docusaurusTransforms(root);
  const hast = tools.toHast(root, { passThrough: PASS_THROUGH }) as HastRoot;
  // As the site's MDX pipeline does (docusaurus.config.ts): a block of links alone gets their 24 px of target height.
  markLoneLinks(hast);
  const [element] = hast.children;
  if (element?.type !== 'mdxJsxFlowElement' || hast.children.length !== 1) throw new Error('section data: a section that is not one JSX element');
  return toNodes(element.children);
}

function isDeferred(node: RootContent): node is MdxJsxFlowElement {
  return node.type === 'mdxJsxFlowElement' && node.name === DEFERRED_TAG;
}

/** Splits a rendered page into its MDX of headings and the data of its sections; `dataImport` is the JSON file's import path. */
export type SectionSplitter = (source: string, dataImport: string) => SplitPage;

export async function createSectionSplitter(): Promise<SectionSplitter> {
  const tools = await loadTools();
  return (source, dataImport) => splitPage(tools, source, dataImport);
}

function splitPage(tools: Tools, source: string, dataImport: string): SplitPage {
  const tree = tools.parse(source);
  const sections: SectionNode[][] = [];
  let mdx = '';
  let from = 0;
  for (const node of tree.children) {
    if (!isDeferred(node)) continue;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) throw new Error('section data: a section without its position');
    mdx += `${source.slice(from, start)}<${SECTION_COMPONENT} content={${SECTIONS_IMPORT}[${sections.length}]} />`;
    from = end;
    sections.push(sectionNodes(tools, node));
  }
  mdx += source.slice(from);
  if (sections.length === 0) return { mdx: source, sections };
  const imports = `import ${SECTION_COMPONENT} from '@site/src/components/ReferenceSection';\nimport ${SECTIONS_IMPORT} from ${JSON.stringify(dataImport)};`;
  // The imports go after the front matter and the page's own imports (the first block that starts with `import`).
  const at = mdx.indexOf('\nimport ');
  if (at < 0) throw new Error('section data: a page without imports');
  return { mdx: `${mdx.slice(0, at + 1)}${imports}\n${mdx.slice(at + 1)}`, sections };
}
