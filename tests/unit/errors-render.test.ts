// The Errors block of a section (generator/render/errors.ts): what the list says, how the trial run's refusals
// gather under their first line, and the group links; the MDX it writes compiles into the LazyDetails element.
import { compile } from '@mdx-js/mdx';
import { describe, expect, it } from 'vitest';
import type { OceanErrorCatalog, RpcError, RpcErrorCatalog } from '../../generator/model/types';
import { oceanErrorsBlock, rpcErrorsBlock } from '../../generator/render/errors';

const error = (code: number | null, message: string, condition: string, httpStatus = 500): RpcError => ({
  code,
  codeName: '',
  httpStatus,
  message,
  condition,
  source: 'src/x.cpp:1',
});

const catalog: RpcErrorCatalog = {
  source: { repository: 'https://github.com/DeFiCh/ain', tag: 'v4.0.9' },
  groups: [
    { id: 'wallet-locked', title: 'Wallet locked', scope: 'method', summary: 'Locked.', errors: [error(-13, 'Unlock it', 'It is locked.')] },
    { id: 'warm-up', title: 'Still starting', scope: 'every', summary: 'Starting.', errors: [error(-28, '{status}', 'Starting.')] },
  ],
};

describe('rpcErrorsBlock', () => {
  const block = rpcErrorsBlock(
    {
      handler: 'src/x.cpp:1',
      groups: ['wallet-locked'],
      errors: [
        error(-8, 'Block height out of range', 'The height is past the tip.'),
        error(-32600, 'Test PoolSwapTx execution failed:\nPrice is higher than indicated.', 'The price moved past maxPrice.', 400),
        error(-32600, 'Test PoolSwapTx execution failed:\nLack of liquidity.', 'The pool is too shallow.', 400),
      ],
    },
    catalog,
  );

  it('lists code, message and condition, the trial run under its first line, and links the groups', () => {
    expect(block).toMatch(/^<LazyDetails summary="Errors">\n\n/);
    expect(block).toContain('- `-8` `Block height out of range`: The height is past the tip.');
    expect(block).toContain(
      '- `-32600` · HTTP 400 `Test PoolSwapTx execution failed:` and a line saying why:\n  - `Price is higher than indicated.`: The price moved past maxPrice.\n  - `Lack of liquidity.`: The pool is too shallow.',
    );
    expect(block).toContain('- Also: [Wallet locked](/node/errors#wallet-locked), [those of every call](/node/errors#every-call).');
  });

  it('compiles as MDX, the list inside the LazyDetails element', async () => {
    const compiled = String(await compile(block, { outputFormat: 'function-body' }));
    expect(compiled).toContain('LazyDetails');
    expect(compiled).toContain('Block height out of range');
  });
});

describe('oceanErrorsBlock', () => {
  const ocean: OceanErrorCatalog = {
    source: { repository: 'https://github.com/BirthdayResearch/jellyfishsdk', tag: 'v4.0.7' },
    groups: [{ id: 'node-refusal', title: 'The node refused', scope: 'method', summary: 'Refused.', errors: [] }],
  };
  const block = oceanErrorsBlock(
    {
      handler: 'apps/whale-api/src/module.api/token.controller.ts:49',
      groups: ['node-refusal'],
      errors: [
        { status: 404, type: 'NotFound', message: 'Unable to find token', condition: 'No token has that id.', source: 'a.ts:1' },
        {
          status: 422,
          type: 'ValidationError',
          message: null,
          condition: 'hex is not hex.',
          source: 'a.ts:2',
          properties: [{ property: 'hex', constraints: ['hex must be a hexadecimal number'] }],
        },
      ],
    },
    ocean,
  );

  it('lists status and type, message or the properties a 422 names, the condition, and links the groups', () => {
    expect(block).toContain('- `404 NotFound` `Unable to find token`: No token has that id.');
    expect(block).toContain('- `422 ValidationError` naming `hex` (`hex must be a hexadecimal number`): hex is not hex.');
    expect(block).toContain('[The node refused](/ocean/#node-refusal), [those of every endpoint](/ocean/#every-endpoint)');
    expect(block).toContain('[error envelope](/ocean/#errors)');
  });
});
