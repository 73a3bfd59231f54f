// Extracts the reference of the SDK's other packages (see ./packages.ts) from their installed declaration files: every
// export of each package's entry point (classes with their members, functions, constants with their values,
// interfaces, type aliases, enums, namespaces, names re-exported from other npm packages), the declarations the exports
// use that the packages do not export, doc comments, and source lines through the declaration maps. One program reads
// all the packages (./program.ts); each kind of declaration has its reader (./classes.ts, ./functions.ts,
// ./type-declarations.ts), the entry points are read by ./exports.ts and the rest by ./internal.ts.
import type { SdkReference, SdkSymbol } from '../../model/sdk';
import { inheritOpcodes } from './classes';
import { readPackageExports } from './exports';
import { listInternal, readUnexportedModules, readUsedDeclarations } from './internal';
import { openSdkProgram, type SdkExtractOptions } from './program';

export { attachBuilderExamples } from './builder-examples';
export { attachGuideUses } from './guides';

export function extractSdkReference(options: SdkExtractOptions): SdkReference {
  const sdk = openSdkProgram(options);
  const symbols: Record<string, SdkSymbol> = {};
  const packages = sdk.contexts.map((context) => readPackageExports(sdk, context, symbols));
  readUnexportedModules(sdk, symbols);
  readUsedDeclarations(sdk, symbols);
  listInternal(sdk, packages, symbols);
  inheritOpcodes(symbols);
  for (const symbol of Object.values(symbols)) if (symbol.doc.text === '' && symbol.kind !== 'reexport') sdk.warnings.push(`${symbol.id}: no doc comment`);

  const sorted: Record<string, SdkSymbol> = {};
  for (const id of Object.keys(symbols).sort()) sorted[id] = symbols[id] as SdkSymbol;
  const { version, repositoryUrl, tag } = sdk.first;
  return { version, repositoryUrl, tag, packages, symbols: sorted, warnings: sdk.warnings };
}
