// How an error message of the catalogues (generator/errors) is written on one line, shared by the Errors lists of the
// reference pages, the symbol index, its engine and the MCP server: the node's and the server's text, its lines
// joined by ⏎, with `{name}` where they fill in a value.

/** A value the node or the server fills in: `{vaultId}`. */
const PLACEHOLDER = /\{[^}]*\}/g;

/** The message on one line: its lines joined by ⏎, without the line break some messages end with. */
export function messageLine(message: string): string {
  return message.replace(/\n$/, '').replace(/\n/g, ' ⏎ ');
}

/** The message without its placeholders, each left as a space (`Vault <{vaultId}> not found` → `Vault < > not found`). */
export function withoutPlaceholders(message: string): string {
  return message.replace(PLACEHOLDER, ' ');
}
