// The order a reader of a package's entry point meets its declarations in, which the package's exports and the
// declarations it does not export are listed in.
import ts from 'typescript';

/**
 * Compares declarations in the order a reader meets them: reading the entry point from the top, and each module it
 * re-exports where its `export ... from` statement stands (depth first); declarations of files that no entry statement
 * reaches come after, by file path and position.
 */
export function declarationOrder(program: ts.Program, checker: ts.TypeChecker, entry: string): (a: ts.Node | undefined, b: ts.Node | undefined) => number {
  const order = new Map<ts.Node, number>();
  const files = new Set<string>();
  const visit = (fileName: string): void => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const statement of program.getSourceFile(fileName)?.statements ?? []) {
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined) {
        const target = checker.getSymbolAtLocation(statement.moduleSpecifier)?.declarations?.[0];
        if (target !== undefined && ts.isSourceFile(target)) visit(target.fileName);
      } else order.set(statement, order.size);
    }
  };
  visit(entry);
  const topLevel = (node: ts.Node): ts.Node => {
    let statement = node;
    while (statement.parent !== undefined && !ts.isSourceFile(statement.parent)) statement = statement.parent;
    return statement;
  };
  const key = (node: ts.Node | undefined): [number, string, number] => {
    if (node === undefined) return [Number.MAX_SAFE_INTEGER, '', 0];
    const statement = topLevel(node);
    const known = order.get(statement);
    return known === undefined ? [order.size, statement.getSourceFile().fileName, statement.getStart()] : [known, '', 0];
  };
  return (a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || (ka[1] < kb[1] ? -1 : ka[1] > kb[1] ? 1 : 0) || ka[2] - kb[2];
  };
}
