// The site's security headers, in one place: hashes the build's inline scripts into a Content-Security-Policy and
// writes the headers to build/_headers (Netlify's format) in the site-output plugin's postBuild; `npm run serve` reads and applies them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { PUBLIC_OCEAN_ORIGIN } from '../config/site';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/** Name of the headers file in the build folder, as static hosts (Netlify, Cloudflare Pages) expect it. */
export const HEADERS_FILE = '_headers';

/** `type` values that make a script element run (empty means classic JavaScript); others, like JSON-LD, are data. */
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);

function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((attr) => attr.name === name)?.value;
}

function isExecutableInlineScript(element: Element): boolean {
  if (element.tagName !== 'script' || attribute(element, 'src') !== undefined) return false;
  const type = (attribute(element, 'type') ?? '').trim().toLowerCase();
  return EXECUTABLE_TYPES.has(type);
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => (child.nodeName === '#text' ? (child as DefaultTreeAdapterMap['textNode']).value : '')).join('');
}

/** The source of every inline script a browser would run in this HTML, in document order (parsed by parse5). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const visit = (node: ParentNode | ChildNode): void => {
    if ('tagName' in node && isExecutableInlineScript(node)) scripts.push(textOf(node));
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
    // <template> keeps its children in a separate fragment.
    if ('content' in node && node.content) visit(node.content);
  };
  visit(parse(html));
  return scripts;
}

/** A CSP source expression for a script: `'sha256-<base64 of the SHA-256 of its UTF-8 text>'`. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** Distinct hashes of the inline scripts of every HTML file under `root`, sorted so the output is stable. */
export function hashBuildScripts(root: string): string[] {
  const hashes = new Set<string>();
  const entries = fs.readdirSync(root, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const script of inlineScripts(html)) hashes.add(scriptHash(script));
  }
  return [...hashes].sort();
}

/**
 * The Content-Security-Policy of the site. Scripts: own files and the hashed inline scripts only.
 * Styles allow inline because React and the theme set `style` attributes; images and the theme's icons use data: URLs;
 * the search runs in a same-origin worker that fetches the index from the site; the transaction inspector fetches a
 * transaction from the public Ocean when the reader asks, and from no other origin.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...scriptHashes]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", PUBLIC_OCEAN_ORIGIN]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Browser features the site never uses, denied to it and to anything it could embed. */
const DENIED_FEATURES = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb'];

/** Every header the site sends with every response. */
export function securityHeaders(scriptHashes: readonly string[]): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** One block of a `_headers` file: a path pattern (`*` matches any run of characters) and its headers. */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** Netlify's `_headers` format: the pattern alone on a line, then one indented `Name: value` line per header. */
export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map((rule) => {
      for (const [name, value] of Object.entries(rule.headers)) {
        if (!/^[A-Za-z0-9-]+$/.test(name) || /[\r\n]/.test(value)) throw new Error(`Header ${name} cannot be written to ${HEADERS_FILE}`);
      }
      const lines = Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`);
      return `${rule.pattern}\n${lines.join('\n')}\n`;
    })
    .join('\n');
}

/** A `_headers` file that cannot be read; the message names the line. */
export class HeadersFileError extends Error {}

/** Reads the `_headers` format back; comments (`#`) and blank lines are skipped. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | undefined;
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (!/^\s/.test(line)) {
      if (!trimmed.startsWith('/')) throw new HeadersFileError(`line ${index + 1}: a path pattern must start with "/"`);
      current = { pattern: trimmed, headers: {} };
      rules.push(current);
      return;
    }
    const colon = trimmed.indexOf(':');
    if (!current) throw new HeadersFileError(`line ${index + 1}: a header comes before any path pattern`);
    if (colon <= 0) throw new HeadersFileError(`line ${index + 1}: expected "Name: value"`);
    const name = trimmed.slice(0, colon).trim();
    const value = trimmed.slice(colon + 1).trim();
    // Netlify joins repeated headers of one rule with a comma.
    current.headers[name] = current.headers[name] === undefined ? value : `${current.headers[name]}, ${value}`;
  });
  return rules;
}

/** Patterns turned into regular expressions once, as the server matches them on every request. */
const compiledPatterns = new Map<string, RegExp>();

function patternMatches(pattern: string, pathname: string): boolean {
  if (!pattern.includes('*')) return pattern === pathname;
  let compiled = compiledPatterns.get(pattern);
  if (!compiled) {
    const source = pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    compiled = new RegExp(`^${source}$`);
    compiledPatterns.set(pattern, compiled);
  }
  return compiled.test(pathname);
}

/** The headers for a path: those of every matching rule, later rules overriding earlier ones for the same name. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) if (patternMatches(rule.pattern, pathname)) Object.assign(result, rule.headers);
  return result;
}

/** The rules written for a build: the security headers on every path. */
function buildHeaderRules(root: string): HeaderRule[] {
  return [{ pattern: '/*', headers: securityHeaders(hashBuildScripts(root)) }];
}

/** Hashes the build's inline scripts and writes `<root>/_headers`; returns the rules written. */
export function writeHeadersFile(root: string): HeaderRule[] {
  const rules = buildHeaderRules(root);
  fs.writeFileSync(path.join(root, HEADERS_FILE), formatHeadersFile(rules));
  return rules;
}
