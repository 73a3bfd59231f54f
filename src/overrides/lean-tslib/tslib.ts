// The tslib helpers @docusaurus/utils-common's compiled modules call (./index.ts), with tslib's behaviour:
// tests/unit/lean-tslib.test.ts holds the list to those modules and each helper to tslib's own.

/** A CommonJS module's exports as an ES module namespace: an ES module as it is, anything else as its `default`. */
export function __importDefault(mod: unknown): unknown {
  return mod !== null && mod !== undefined && (mod as { __esModule?: unknown }).__esModule ? mod : { default: mod };
}
