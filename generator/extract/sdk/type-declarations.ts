// Reads the SDK's type declarations: an interface, type alias or enum (through the shared type reader, which also
// queues the declarations its types use), and a namespace as the list of the type and class declarations it holds.
import ts from 'typescript';
import type { SdkSymbol, SdkTypeSymbol } from '../../model/sdk';
import { symbolBase } from './declarations';
import { locate, type SdkProgram } from './program';

type TypeDeclarationNode = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration;

export function isTypeDeclaration(node: ts.Node): node is TypeDeclarationNode {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node);
}

/** An exported interface, type alias or enum, read at once under its export's id. */
export function readTypeSymbol(sdk: SdkProgram, node: TypeDeclarationNode, id: string, name: string): SdkTypeSymbol {
  sdk.reader.enqueue(node);
  const drained = sdk.reader.drain((located) => locate(sdk, located)).get(id);
  if (drained === undefined) throw new Error(`extract: ${id} was not read`);
  return { ...symbolBase(sdk, node, id, name, drained.name), kind: 'type', declaration: { ...drained, id } };
}

/** A namespace: the ids of the declarations it holds, queued to be read with the others the exports use. */
export function readNamespace(sdk: SdkProgram, node: ts.ModuleDeclaration, body: ts.ModuleBlock, id: string, name: string): SdkSymbol {
  const inner: string[] = [];
  for (const statement of body.statements) {
    if (isTypeDeclaration(statement) || ts.isClassDeclaration(statement)) inner.push(sdk.reader.enqueue(statement));
  }
  return { ...symbolBase(sdk, node, id, name, node.name.getText()), kind: 'namespace', members: inner };
}
