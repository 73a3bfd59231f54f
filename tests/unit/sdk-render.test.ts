// The SDK page renderer (generator/render/sdk-page.ts) on the fixture package (tests/unit/fixtures/sdk): sections and
// anchors of every kind of export, inherited members, a page of a split package, and the worked example a class member
// may carry (SdkMemberExample: code, outputs, notes, the node RPC), rendered as a page renders MDX.
import path from 'node:path';
import { evaluate } from '@mdx-js/mdx';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkGfm from 'remark-gfm';
import { describe, expect, it } from 'vitest';
import { extractSdkReference } from '../../generator/extract/sdk';
import type { SdkMemberExample, SdkPackage } from '../../generator/model/sdk';
import { MOVED_ANCHORS_IMPORT } from '../../generator/render/mdx';
import { memberExampleParts, renderSdkPackage, renderSdkPackagesPartial } from '../../generator/render/sdk-page';
import { sdkHref, sdkPageAnchors, sdkTypeLinks } from '../../generator/model/routes';

const reference = extractSdkReference({
  nodeModules: path.join(__dirname, 'fixtures/sdk'),
  packages: [
    { short: 'fixture-kit', area: 'ecosystem', summary: 'A fixture.', pages: [{ slug: 'codec', title: 'Codec', summary: 'Encoding.', modules: ['codec'] }] },
  ],
});
const pkg = reference.packages[0] as SdkPackage;

const EXAMPLE: SdkMemberExample = {
  code: "import { Square } from '@defichain/fixture-kit'\n\nconsole.log(Square.of(3).area())",
  outputs: [
    { label: 'Printed', language: 'text', text: '9' },
    { label: 'The square as JSON', language: 'json', text: '{\n  "side": 3\n}' },
  ],
  notes: ['A string side is read with `Number()`.'],
  rpc: { name: 'createsquare', route: '/node/jellyfish/api/shapes#createsquare' },
};
const square = reference.symbols['fixture-kit.Square'];
const of = square?.kind === 'class' ? square.members.find((member) => member.name === 'of') : undefined;
if (of === undefined) throw new Error('no Square.of in the fixture');
of.example = EXAMPLE;

const [main, codec] = renderSdkPackage(reference, pkg, { externalLinks: {} });

/** The MDX from a heading to the next heading of the same or a higher level. */
function sectionOf(mdx: string, anchor: string): string {
  const start = mdx.indexOf(`{/* #${anchor} */}`);
  if (start < 0) throw new Error(`no heading #${anchor}`);
  const level = /#+(?= [^\n]*$)/.exec(mdx.slice(mdx.lastIndexOf('\n', start) + 1, start))?.[0].length ?? 2;
  const next = mdx.slice(start).search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? mdx.slice(start) : mdx.slice(start, start + next);
}

/** Renders a page's MDX to HTML as a page would (GFM, a plain Link, Deferred rendering its children). */
async function html(mdx: string): Promise<string> {
  const body = mdx
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace("import Link from '@docusaurus/Link';", '')
    .replace(MOVED_ANCHORS_IMPORT, '');
  const { default: Content } = await evaluate(body, { ...runtime, baseUrl: import.meta.url, remarkPlugins: [remarkGfm] });
  const Link = (props: { to: string; children?: unknown }) => createElement('a', { href: props.to }, props.children as string);
  const Deferred = (props: { children?: unknown }) => createElement('div', null, props.children as string);
  // The page that lost anchors to another renders nothing of them: it sends the reader on in the browser.
  const MovedAnchors = () => null;
  return renderToStaticMarkup(createElement(Content, { components: { Link, Deferred, MovedAnchors } }));
}

describe('the pages of a package', () => {
  it('puts each symbol on the page of its group, at a route under the package', () => {
    expect(main?.route).toBe('/ecosystem/packages/fixture-kit');
    expect(codec?.route).toBe('/ecosystem/packages/fixture-kit/codec');
    expect(main?.mdx).toContain('slug: "/packages/fixture-kit"');
    for (const anchor of ['shape', 'square', 'colour', 'kit', 'kit-part', 'defaultlimits', 'sizes']) expect(main?.mdx).toContain(`{/* #${anchor} */}`);
    for (const anchor of ['composer', 'crecord', 'encode', 'pack', 'hex']) expect(codec?.mdx).toContain(`{/* #${anchor} */}`);
    expect(main?.mdx).toContain('| [Codec](/ecosystem/packages/fixture-kit/codec) | 5 | Encoding. |');
  });

  it('gives every member with a section its own anchor, a static one as Class.member, and sends links there from any page', () => {
    const anchors = sdkPageAnchors(reference, pkg, '');
    expect(anchors.get('fixture-kit.Square#static.of')).toBe('square-of');
    expect(anchors.get('fixture-kit.Shape#describe')).toBe('shape-describe');
    expect(anchors.get('fixture-kit.Square#constructor')).toBe('square');
    expect(main?.mdx).toContain('### Square.of {/* #square-of */}');
    expect(sdkHref(reference, 'fixture-kit.Hex#pad')).toBe('/ecosystem/packages/fixture-kit/codec#hex-pad');
    expect(sdkTypeLinks(reference)['@defichain/fixture-kit#encode']).toBe('/ecosystem/packages/fixture-kit/codec#encode');
  });

  it('opens a section with its kind and import, then the declaration, the constructor, and what the class inherits, linked', () => {
    const section = sectionOf(main?.mdx ?? '', 'square');
    expect(section).toContain("*Class* · `import { Square } from '@defichain/fixture-kit'`");
    expect(section).toContain('<Link to="#shape">{"Shape"}</Link>');
    expect(section).toContain('**Inherited** from [`Shape`](#shape): [`name`](#shape-name), [`describe()`](#shape-describe), [`label`](#shape-label).');
    expect(sectionOf(main?.mdx ?? '', 'sizes')).toContain('*Interface, not exported:*');
    expect(sectionOf(codec?.mdx ?? '', 'crecord')).toContain('**DfTx type** `0x73` (`s`), named `OP_FIXTURE_RECORD`');
    // A class without a constructor of its own shows its base's, with the type the class passes for the base's parameter.
    expect(sectionOf(codec?.mdx ?? '', 'crecord')).toContain('**Constructor**, inherited from [`Composer`](#composer):');
    expect(sectionOf(codec?.mdx ?? '', 'crecord')).toContain('<pre className="api-signature"><code>{"new CRecord(data: number)"}</code></pre>');
    expect(sectionOf(codec?.mdx ?? '', 'pack')).toContain('(declared as `encode`)');
  });

  it("shows a member's example under it: the code, each output under its label, the notes, and the node RPC that makes the same transaction", async () => {
    const section = sectionOf(main?.mdx ?? '', 'square-of');
    const parts = memberExampleParts(EXAMPLE);
    let at = -1;
    for (const part of parts) {
      const found = section.indexOf(part);
      expect(found, part).toBeGreaterThan(at);
      at = found;
    }
    const markup = await html(section);
    expect(markup).toContain('<code class="language-ts">import { Square } from &#x27;@defichain/fixture-kit&#x27;');
    expect(section).toContain('```text title="Printed"\n9\n```');
    expect(markup).toContain('<code class="language-text">9\n</code>');
    expect(markup).toContain('<code class="language-json">{\n  &quot;side&quot;: 3\n}\n</code>');
    expect(markup).toContain('<p>A string side is read with <code>Number()</code>.</p>');
    expect(markup).toContain('The node RPC that makes the same transaction: <a href="/node/jellyfish/api/shapes#createsquare"><code>createsquare</code></a>.');
    // A member without an example shows none.
    expect(sectionOf(main?.mdx ?? '', 'shape-describe')).not.toContain('**Example**');
  });

  it('renders every page as valid MDX', async () => {
    for (const page of [main, codec]) await expect(html(page?.mdx ?? '')).resolves.toContain('Source of');
  });

  it('lists the packages of an area for the overview, each with its export count', () => {
    expect(renderSdkPackagesPartial(reference, 'ecosystem')).toContain('| [fixture-kit](/ecosystem/packages/fixture-kit) | 10 | A fixture. |');
  });
});
