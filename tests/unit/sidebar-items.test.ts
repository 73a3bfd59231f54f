// The sidebars' one rule beside Docusaurus's generator (config/sidebar-items.ts): a doc a category links to is listed
// once, as that link. The package overview lives beside the generated docs/ecosystem/packages/ folder and is the link
// of its category, so without the rule the ecosystem sidebar would show it twice.
import { describe, expect, it } from 'vitest';
import { withoutLinkedDocs } from '../../config/sidebar-items';

type Items = Parameters<typeof withoutLinkedDocs>[0];

const doc = (id: string): Items[number] => ({ type: 'doc', id });

describe('withoutLinkedDocs', () => {
  it('drops a doc that a category links to, at any depth, and keeps every other item', () => {
    const items: Items = [
      doc('index'),
      doc('package-reference'),
      {
        type: 'category',
        label: 'Package reference',
        link: { type: 'doc', id: 'package-reference' },
        items: [
          doc('packages/jellyfish-address'),
          {
            type: 'category',
            label: 'Releases',
            link: { type: 'doc', id: 'packages/releases/v4' },
            items: [doc('packages/releases/v4'), doc('packages/releases/v3')],
          },
        ],
      },
      { type: 'category', label: 'Plain', items: [doc('plain/a')] },
    ];
    expect(withoutLinkedDocs(items)).toEqual([
      doc('index'),
      {
        type: 'category',
        label: 'Package reference',
        link: { type: 'doc', id: 'package-reference' },
        items: [
          doc('packages/jellyfish-address'),
          { type: 'category', label: 'Releases', link: { type: 'doc', id: 'packages/releases/v4' }, items: [doc('packages/releases/v3')] },
        ],
      },
      { type: 'category', label: 'Plain', items: [doc('plain/a')] },
    ]);
  });

  it('leaves a sidebar without category links as it is', () => {
    const items: Items = [doc('a'), { type: 'category', label: 'B', items: [doc('b/c')] }];
    expect(withoutLinkedDocs(items)).toEqual(items);
  });
});
