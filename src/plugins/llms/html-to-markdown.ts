// Turns the article of a built Docusaurus doc page into clean Markdown: code with its language, GFM tables,
// tabs flattened under their labels, admonitions as quotes, and none of the page chrome.
import type { Element, ElementContent, Nodes, Parents, Root } from 'hast';
import type { Code, Nodes as MdastNodes } from 'mdast';
import { fromParse5 } from 'hast-util-from-parse5';
import { select } from 'hast-util-select';
import { toMdast, type State } from 'hast-util-to-mdast';
import { toText } from 'hast-util-to-text';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { parse } from 'parse5';
import type { SectionNode } from '../../../contract/section-nodes';

/** Where Docusaurus puts the body of a doc page, most specific first. */
const ARTICLE_SELECTORS = ['article .theme-doc-markdown', 'article .markdown', '.theme-doc-markdown'];

/** The page has no doc body: it is not a doc page, or the theme changed its markup. */
export class MissingArticleError extends Error {}

export interface ConvertOptions {
  /** Absolute URL of the page, against which relative links and images are resolved. */
  pageUrl: string;
  /**
   * The tab groups of the page's data (generated reference pages), whose panels the HTML holds only when shown first
   * (lazy tabs, generator/render/mdx.ts): each panel's content as elements for the Markdown, under its label.
   */
  lazyTabs?: readonly LazyTabGroup[];
  /**
   * The lazy disclosures of the page's data (src/components/LazyDetails, the Errors of reference sections), in document
   * order: the HTML holds their summary alone, the content comes from here.
   */
  lazyDetails?: readonly LazyDetailsContent[];
}

/** One lazy disclosure of a page's data: its summary and its content as elements for the Markdown. */
export interface LazyDetailsContent {
  summary: string;
  content: ElementContent[];
}

/** The lazy disclosures of the page being converted, and how many of them the conversion has used. */
let currentLazyDetails: readonly LazyDetailsContent[] = [];
let usedLazyDetails = 0;

export class MissingDetailsContentError extends Error {}

/** Every lazy disclosure of a page's data, in document order. */
export function lazyDetailsContents(nodes: readonly SectionNode[]): LazyDetailsContent[] {
  const found: LazyDetailsContent[] = [];
  const visit = (node: SectionNode): void => {
    if (typeof node === 'string') return;
    const [name, props, ...children] = node;
    if (name === 'LazyDetails') {
      found.push({ summary: typeof props?.summary === 'string' ? props.summary : '', content: children.map(sectionNodeToHast) });
      return;
    }
    children.forEach(visit);
  };
  nodes.forEach(visit);
  return found;
}

/** One tab group of a page's data: its panels, in order. */
export type LazyTabGroup = ReadonlyArray<{ label: string; content: ElementContent[] }>;

/** The lazy tab groups of the page being converted (set by articleToMarkdown for the length of one call). */
let currentLazyTabs: readonly LazyTabGroup[] = [];

export class MissingTabPanelError extends Error {}

/** A section node of a generated page's data (contract/section-nodes.ts) as elements for the Markdown. */
function sectionNodeToHast(node: SectionNode): ElementContent {
  if (typeof node === 'string') return text(node);
  const [name, props, ...children] = node;
  const tag = name.replace(/^=/, '');
  const code =
    tag === 'pre'
      ? children.find((child): child is Exclude<SectionNode, string> => typeof child !== 'string' && child[0].replace(/^=/, '') === 'code')
      : undefined;
  if (code !== undefined) {
    const [, codeProps, ...codeChildren] = code;
    const className = typeof codeProps?.className === 'string' ? codeProps.className : '';
    const title = typeof codeProps?.metastring === 'string' ? /title="([^"]*)"/.exec(codeProps.metastring)?.[1] : undefined;
    const language = /language-(\S+)/.exec(className)?.[1] ?? (typeof props?.className === 'string' ? PRE_CLASS_LANGUAGES[props.className] : undefined);
    const source = codeChildren
      .map((child) => (typeof child === 'string' ? child : ''))
      .join('')
      .replace(/\n$/, '');
    return element('pre', [text(source)], { dataLanguage: language ?? null, dataTitle: title });
  }
  const properties: Element['properties'] = {};
  if (typeof props?.className === 'string') properties.className = props.className.split(/\s+/);
  const href = props?.href ?? props?.to;
  if (typeof href === 'string') properties.href = href;
  return element(/^[A-Z]/.test(tag) ? 'div' : tag, children.map(sectionNodeToHast), properties);
}

/** Every tab group of a page's data, in document order. */
export function lazyTabGroups(nodes: readonly SectionNode[]): LazyTabGroup[] {
  const groups: LazyTabGroup[] = [];
  const visit = (node: SectionNode): void => {
    if (typeof node === 'string') return;
    const [name, , ...children] = node;
    if (name === 'Tabs') {
      groups.push(
        children.flatMap((item) => {
          if (typeof item === 'string' || item[0] !== 'TabItem') return [];
          const [, itemProps, ...content] = item;
          const label = itemProps?.label ?? itemProps?.value;
          return [{ label: typeof label === 'string' ? label : '', content: content.map(sectionNodeToHast) }];
        }),
      );
      return;
    }
    children.forEach(visit);
  };
  nodes.forEach(visit);
  return groups;
}

/** Text of converted elements, to tell which data group a rendered panel belongs to. */
function plainText(nodes: readonly ElementContent[]): string {
  return nodes
    .map((node) => (node.type === 'text' ? node.value : node.type === 'element' ? plainText(node.children) : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

function classList(node: Element): string[] {
  // hast-util-from-parse5 always gives className as a list of strings.
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function hasClass(node: Element, name: string): boolean {
  return classList(node).includes(name);
}

/** CSS-module classes carry a hash suffix (`admonitionHeading_Gvgb`): match on the stable prefix. */
function hasClassPrefix(node: Element, prefix: string): boolean {
  return classList(node).some((name) => name === prefix || name.startsWith(`${prefix}_`));
}

function isElement(node: Nodes | undefined): node is Element {
  return node !== undefined && node.type === 'element';
}

function findElement(root: Element, test: (node: Element) => boolean): Element | undefined {
  for (const child of root.children) {
    if (!isElement(child)) continue;
    if (test(child)) return child;
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

function findAllElements(root: Element, test: (node: Element) => boolean, found: Element[] = []): Element[] {
  for (const child of root.children) {
    if (!isElement(child)) continue;
    if (test(child)) found.push(child);
    else findAllElements(child, test, found);
  }
  return found;
}

function element(tagName: string, children: ElementContent[], properties: Element['properties'] = {}): Element {
  return { type: 'element', tagName, properties, children };
}

function text(value: string): ElementContent {
  return { type: 'text', value };
}

function labelParagraph(label: string): Element {
  return element('p', [element('strong', [text(label)])]);
}

/** Classes of the site's own `pre` blocks that hold code of a known language without saying so. */
const PRE_CLASS_LANGUAGES: Readonly<Record<string, string>> = {
  // Method signatures and type declarations of the generated reference pages.
  'api-signature': 'ts',
};

/** `language-ts` on the code block container, or on `pre`/`code` for plain HTML. */
function codeLanguage(nodes: Element[]): string | null {
  for (const node of nodes) {
    const classes = classList(node);
    const language = classes.find((name) => name.startsWith('language-'));
    if (language) return language.slice('language-'.length);
    const known = classes.find((name) => PRE_CLASS_LANGUAGES[name] !== undefined);
    if (known) return PRE_CLASS_LANGUAGES[known] ?? null;
  }
  return null;
}

/**
 * Text of a code block. A line is its text and a newline (src/theme/CodeBlock/Line); a marked line is a `.token-line`
 * element closed by a `<br>`, whose empty line holds a newline of its own. Comments (React's text separators) are not text.
 */
function codeText(code: Element): string {
  let out = '';
  const walk = (node: Element): void => {
    for (const child of node.children) {
      if (child.type === 'text') out += child.value;
      else if (isElement(child) && child.tagName === 'br') out += '\n';
      else if (isElement(child) && hasClass(child, 'token-line')) {
        const start = out.length;
        walk(child);
        // An empty marked line: its newline token and its <br> are one line break.
        if (out.slice(start) === '\n\n') out = `${out.slice(0, start)}\n`;
      } else if (isElement(child)) walk(child);
    }
  };
  walk(code);
  return out.replace(/\n$/, '');
}

/** A `pre` the Markdown handler below reads: language and title kept as data attributes. */
function codeBlock(source: Element, container: Element): Element {
  const code = findElement(source, (node) => node.tagName === 'code') ?? source;
  const title = findElement(container, (node) => hasClassPrefix(node, 'codeBlockTitle'));
  const language = codeLanguage([container, source, code]);
  return element('pre', [text(codeText(code))], {
    dataLanguage: language ?? undefined,
    dataTitle: title ? toText(title).trim() : undefined,
  });
}

function admonitionLabel(node: Element): string {
  const heading = findElement(node, (child) => hasClassPrefix(child, 'admonitionHeading'));
  const label = heading ? toText(heading).trim() : '';
  const type =
    classList(node)
      .find((name) => name.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ?? 'note';
  const shown = label || type;
  // The theme shows the default label ("note") in capitals through CSS.
  return shown.toLowerCase() === type ? type.charAt(0).toUpperCase() + type.slice(1) : shown;
}

/** Replaces a node with the nodes that stand for it in Markdown; `undefined` keeps it and descends. */
function rewrite(node: Element): ElementContent[] | undefined {
  const tag = node.tagName;
  if (['button', 'script', 'style', 'noscript', 'template'].includes(tag)) return [];
  if (tag === 'a' && hasClass(node, 'hash-link')) return [];
  if (hasClass(node, 'theme-doc-toc-mobile') || hasClassPrefix(node, 'buttonGroup')) return [];
  if (tag === 'svg') {
    const label = node.properties.ariaLabel;
    const title = findElement(node, (child) => child.tagName === 'title');
    const name = typeof label === 'string' && label ? label : title ? toText(title).trim() : '';
    return name ? [element('p', [element('em', [text(`Figure: ${name}`)])])] : [];
  }
  if (hasClass(node, 'theme-code-block') || hasClassPrefix(node, 'codeBlockContainer')) {
    const pre = findElement(node, (child) => child.tagName === 'pre');
    return pre ? [codeBlock(pre, node)] : [];
  }
  // A code block from a page's data (sectionNodeToHast) is ready as it is.
  if (tag === 'pre' && 'dataLanguage' in node.properties) return [node];
  if (tag === 'pre') return [codeBlock(node, node)];
  if (hasClass(node, 'theme-admonition')) {
    const content = findElement(node, (child) => hasClassPrefix(child, 'admonitionContent'));
    return [element('blockquote', [labelParagraph(admonitionLabel(node)), ...transformChildren(content?.children ?? [])])];
  }
  if (hasClass(node, 'tabs-container')) {
    const tabs = findAllElements(node, (child) => child.properties.role === 'tab');
    const labels = tabs.map((tab) => toText(tab).trim());
    const panels = findAllElements(node, (child) => child.properties.role === 'tabpanel');
    if (panels.length >= labels.length) {
      return panels.flatMap((panel, index) => [labelParagraph(labels[index] ?? `Tab ${index + 1}`), ...transformChildren(panel.children)]);
    }
    // Lazy tabs: the HTML holds the panel shown first; every panel comes from the page's data, in the group whose
    // labels are these and whose shown panel reads as the HTML's.
    const shown = Math.max(
      0,
      tabs.findIndex((tab) => String(tab.properties.ariaSelected) === 'true'),
    );
    const shownText = plainText(transformChildren(panels[0]?.children ?? []));
    const group = currentLazyTabs.find(
      (candidate) =>
        candidate.map((panel) => panel.label).join('\n') === labels.join('\n') && plainText(transformChildren(candidate[shown]?.content ?? [])) === shownText,
    );
    if (group === undefined)
      throw new MissingTabPanelError(`tabs ${labels.join(' / ')}: the page's data has no group whose "${labels[shown] ?? ''}" panel reads as the HTML's`);
    return group.flatMap((panel) => [labelParagraph(panel.label), ...transformChildren(panel.content)]);
  }
  if (tag === 'details') {
    const summary = findElement(node, (child) => child.tagName === 'summary');
    const label = summary ? toText(summary).trim() : 'Details';
    const body = node.children.filter((child) => child !== summary && !(child.type === 'text' && child.value.trim() === ''));
    if (body.length === 0 && currentLazyDetails.length > 0) {
      // A lazy disclosure: its content is the next one of the page's data, which must carry the same summary.
      const lazy = currentLazyDetails[usedLazyDetails];
      if (lazy === undefined || lazy.summary !== label) {
        throw new MissingDetailsContentError(`details "${label}": the page's data has no disclosure of that summary at position ${usedLazyDetails}`);
      }
      usedLazyDetails += 1;
      return [labelParagraph(label), ...transformChildren(lazy.content)];
    }
    return [labelParagraph(label), ...transformChildren(body)];
  }
  // A line break inside a table cell would end the GFM table row.
  if (tag === 'td' || tag === 'th') {
    return [{ ...node, children: transformChildren(node.children).map((child) => (isElement(child) && child.tagName === 'br' ? text(' ') : child)) }];
  }
  return undefined;
}

function transformChildren(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    // React leaves empty comments between text runs; in Markdown they would become raw HTML.
    if (child.type === 'comment') return [];
    if (!isElement(child)) return [child];
    const replaced = rewrite(child);
    if (replaced) return replaced;
    return [{ ...child, children: transformChildren(child.children) }];
  });
}

function resolveUrls(node: Parents, base: string): void {
  for (const child of node.children) {
    if (!isElement(child)) continue;
    for (const key of ['href', 'src'] as const) {
      const value = child.properties[key];
      if (typeof value === 'string' && value !== '') {
        try {
          child.properties[key] = new URL(value, base).href;
        } catch {
          // Not a URL the WHATWG parser accepts: leave it as written.
        }
      }
    }
    resolveUrls(child, base);
  }
}

function codeHandler(state: State, node: Element): Code {
  const language = node.properties.dataLanguage;
  const title = node.properties.dataTitle;
  const result: Code = {
    type: 'code',
    lang: typeof language === 'string' && language !== '' ? language : null,
    meta: typeof title === 'string' && title !== '' ? `title=${JSON.stringify(title)}` : null,
    value: toText(node, { whitespace: 'pre' }),
  };
  state.patch(node, result);
  return result;
}

/**
 * Parses a whole HTML page to the specification (the build's HTML is minified, with end tags left out).
 * Without source positions: they are not needed here, and leaving them out makes parsing several times faster.
 */
export function parseHtml(html: string): Root {
  return fromParse5(parse(html, { scriptingEnabled: false })) as Root;
}

/** Finds the doc body of a built page. */
function selectArticle(html: string): Element {
  const tree = parseHtml(html);
  for (const selector of ARTICLE_SELECTORS) {
    const found = select(selector, tree);
    if (found) return found;
  }
  throw new MissingArticleError('The page has no doc article (article .theme-doc-markdown).');
}

/** Markdown of the doc body of a built page. */
export function articleToMarkdown(html: string, options: ConvertOptions): string {
  const article = selectArticle(html);
  currentLazyTabs = options.lazyTabs ?? [];
  currentLazyDetails = options.lazyDetails ?? [];
  usedLazyDetails = 0;
  let children: ElementContent[];
  try {
    children = transformChildren(article.children);
    if (usedLazyDetails !== currentLazyDetails.length) {
      throw new MissingDetailsContentError(`the page's data has ${currentLazyDetails.length} lazy disclosures, the HTML ${usedLazyDetails}`);
    }
  } finally {
    currentLazyTabs = [];
    currentLazyDetails = [];
  }
  const body: Root = { type: 'root', children };
  resolveUrls(body, options.pageUrl);
  const mdast: MdastNodes = toMdast(body, { handlers: { pre: codeHandler } });
  const markdown = toMarkdown(mdast, {
    extensions: [gfmToMarkdown({ tablePipeAlign: false })],
    bullet: '-',
    emphasis: '_',
    fences: true,
    listItemIndent: 'one',
    rule: '-',
  });
  return `${markdown.trim()}\n`;
}
