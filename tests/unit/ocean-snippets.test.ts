// The WhaleApiClient snippets on the Ocean pages compile against the installed client, with the examples' own arguments.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractOceanReference } from '../../generator/extract/ocean/reference';
import { renderOceanCategoryPage } from '../../generator/render/ocean-page';
import { rpcEnums } from '../../generator/render/ocean-example';
import { extractRpcReference } from '../../generator/extract/rpc/reference';
import { typeCheck } from './ocean-compile';

const ROOT = path.resolve(__dirname, '../..');

describe('Ocean client snippets', () => {
  const reference = extractOceanReference({
    packageDir: path.join(ROOT, 'node_modules/@defichain/whale-api-client'),
    repositoryFolder: 'packages/whale-api-client',
    examplesDir: path.join(ROOT, 'generator/examples/ocean'),
  });
  // api-core's enums (`governance.MasternodeType`) as the generator hands them to the Ocean pages.
  const externalEnums = rpcEnums(
    extractRpcReference({ packageDir: path.join(ROOT, 'node_modules/@defichain/jellyfish-api-core'), repositoryFolder: 'packages/jellyfish-api-core' }),
  );
  const files: Record<string, string> = {};
  for (const category of reference.categories) {
    for (const example of renderOceanCategoryPage(reference, category, { externalLinks: {}, externalEnums }).examples) {
      files[`generated-check/ocean/${example.fileName}`] = example.typescript;
    }
  }

  it('renders one snippet per endpoint', () => {
    expect(Object.keys(files)).toHaveLength(reference.categories.reduce((sum, category) => sum + category.endpoints.length, 0));
    expect(Object.keys(files)).toHaveLength(60);
  });

  it('every snippet type-checks (strict, ES modules with top-level await)', () => {
    const diagnostics = typeCheck(files, { module: 'esnext' });
    const problems = Object.entries(diagnostics).flatMap(([file, list]) => list.map((d) => `${file}:${d.line}: ${d.message}`));
    expect(problems).toEqual([]);
  });

  it('a snippet with a wrong argument type does not type-check (the check can fail)', () => {
    const broken = files['generated-check/ocean/address.getBalance.ts']?.replace(/getBalance\('[^']*'\)/, 'getBalance(42)');
    expect(broken).toContain('getBalance(42)');
    const diagnostics = typeCheck({ 'generated-check/ocean/broken.ts': broken ?? '' }, { module: 'esnext' });
    expect(diagnostics['generated-check/ocean/broken.ts']?.length).toBeGreaterThan(0);
  });

  it('writes enum arguments as enum members of the package namespace', () => {
    expect(files['generated-check/ocean/poolpairs.listPoolSwapAggregates.ts']).toContain('poolpairs.PoolSwapAggregatedInterval.ONE_DAY');
    expect(files['generated-check/ocean/prices.getFeedWithInterval.ts']).toContain('prices.PriceFeedTimeInterval.ONE_HOUR');
  });
});
