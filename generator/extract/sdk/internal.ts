// Reads the declarations no entry point exports: those of the modules the configuration names although no export uses
// them (the builder's errors), and those the exports use in their types (and those these use), until none is left;
// then lists each package's in the order its entry point reaches them.
import path from 'node:path';
import ts from 'typescript';
import type { SdkPackage, SdkSymbol } from '../../model/sdk';
import { readClass } from './classes';
import { hasModifier, symbolBase } from './declarations';
import { declarationOrder } from './order';
import { locate, type SdkProgram } from './program';
import { isTypeDeclaration } from './type-declarations';

/** Every declaration the configured unexported modules export: classes read into `symbols`, types queued. */
export function readUnexportedModules(sdk: SdkProgram, symbols: Record<string, SdkSymbol>): void {
  for (const context of sdk.contexts) {
    for (const module of context.config.unexportedModules ?? []) {
      const file = sdk.program.getSourceFile(path.join(context.distDir, `${module}.d.ts`));
      if (file === undefined) throw new Error(`extract: no module ${module} in ${context.config.short}`);
      for (const statement of file.statements) {
        if (!hasModifier(statement, ts.ModifierFlags.Export)) continue;
        if (ts.isClassDeclaration(statement) && statement.name !== undefined) {
          const id = sdk.reader.enqueue(statement);
          symbols[id] ??= readClass(sdk, statement, id, statement.name.text);
        } else if (isTypeDeclaration(statement)) {
          sdk.reader.enqueue(statement);
        }
      }
    }
  }
}

/** Reads every declaration queued so far, and those their types queue, into `symbols` until the queue is empty. */
export function readUsedDeclarations(sdk: SdkProgram, symbols: Record<string, SdkSymbol>): void {
  for (;;) {
    const drained = sdk.reader.drain((node) => locate(sdk, node));
    const fresh = [...drained.keys()].filter((id) => symbols[id] === undefined);
    if (fresh.length === 0) break;
    for (const id of fresh) {
      const node = sdk.reader.nodeOf(id);
      const declaration = drained.get(id);
      if (node === undefined || declaration === undefined) continue;
      symbols[id] = ts.isClassDeclaration(node)
        ? readClass(sdk, node, id, declaration.name)
        : { ...symbolBase(sdk, node, id, declaration.name, declaration.name), kind: 'type', declaration: { ...declaration, id } };
    }
  }
}

/** Fills each package's `internal`: its symbols that are neither exports nor members of an exported namespace, in order. */
export function listInternal(sdk: SdkProgram, packages: readonly SdkPackage[], symbols: Record<string, SdkSymbol>): void {
  for (const pkg of packages) {
    const context = sdk.contexts.find((candidate) => candidate.config.short === pkg.short);
    const compare = context === undefined ? () => 0 : declarationOrder(sdk.program, sdk.checker, context.entry);
    const exported = new Set(pkg.exports);
    pkg.internal = Object.values(symbols)
      .filter((symbol) => symbol.package === pkg.short && !exported.has(symbol.id) && !isNamespaceMember(symbol, exported))
      .sort((a, b) => compare(sdk.reader.nodeOf(a.id), sdk.reader.nodeOf(b.id)) || a.id.localeCompare(b.id, 'en'))
      .map((symbol) => symbol.id);
  }
}

function isNamespaceMember(symbol: SdkSymbol, exported: ReadonlySet<string>): boolean {
  if (symbol.namespace === null) return false;
  return [...exported].some((id) => id.endsWith(`.${symbol.namespace ?? ''}`) && symbol.id.startsWith(`${id}.`));
}
