// Pure checks on an incoming request line: which requests are refused, redirected or handed to the file server.

/** Methods the server answers; everything else gets 405 with this list in `Allow`. */
export const ALLOWED_METHODS = ['GET', 'HEAD'] as const;

/** Longest request target accepted (path and query); longer ones get 414. */
export const MAX_URL_LENGTH = 2048;

export type RequestVerdict =
  | { kind: 'serve'; pathname: string; search: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' }
  | { kind: 'refuse'; status: 400 | 405 | 414; reason: string };

/** The path that `/x.html` and `/x/index.html` stand for, or undefined when the path is already clean. */
function cleanPath(pathname: string): string | undefined {
  if (pathname.endsWith('/index.html')) return pathname.slice(0, -'index.html'.length);
  if (pathname.endsWith('.html')) return pathname.slice(0, -'.html'.length);
  return undefined;
}

function decodePath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * Decides what to do with a request before any file is looked up.
 * `notFoundPath` is the build's not-found page (`/404.html`), which is never served with status 200.
 */
export function judgeRequest(method: string | undefined, url: string | undefined, notFoundPath = '/404.html'): RequestVerdict {
  if (!method || !(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { kind: 'refuse', status: 405, reason: `Method ${method ?? '(none)'} is not allowed` };
  }
  if (url !== undefined && url.length > MAX_URL_LENGTH) {
    return { kind: 'refuse', status: 414, reason: `The request target is longer than ${MAX_URL_LENGTH} characters` };
  }
  // HTTP/1.1 servers must accept the absolute form (`GET http://host/path`), as proxies send it; keep the path.
  const authority = url === undefined ? null : /^https?:\/\/[^/?#]*/i.exec(url);
  const requestTarget = authority && url !== undefined ? url.slice(authority[0].length) || '/' : url;
  if (!requestTarget || !requestTarget.startsWith('/')) {
    return { kind: 'refuse', status: 400, reason: 'The request target must be a path' };
  }

  const hashAt = requestTarget.indexOf('#');
  const target = hashAt === -1 ? requestTarget : requestTarget.slice(0, hashAt);
  const queryAt = target.indexOf('?');
  const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
  const search = queryAt === -1 ? '' : target.slice(queryAt);

  if (pathname.includes('\\')) return { kind: 'refuse', status: 400, reason: 'Backslashes are not allowed in paths' };
  const decoded = decodePath(pathname);
  if (decoded === undefined) return { kind: 'refuse', status: 400, reason: 'The path has malformed percent-encoding' };
  if (decoded.includes('\0')) return { kind: 'refuse', status: 400, reason: 'The path contains a NUL character' };
  if (decoded.includes('\\')) return { kind: 'refuse', status: 400, reason: 'Backslashes are not allowed in paths' };
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) {
    return { kind: 'refuse', status: 400, reason: 'Dot segments are not allowed in paths' };
  }

  const notFoundClean = notFoundPath.replace(/\.html$/, '');
  if (decoded === notFoundPath || decoded === notFoundClean || decoded === `${notFoundClean}/`) return { kind: 'not-found' };
  const clean = cleanPath(pathname);
  if (clean !== undefined) {
    // One leading slash only: `//host/x.html` must not become a redirect to another site.
    return { kind: 'redirect', location: `/${clean.replace(/^\/+/, '')}${search}` };
  }
  return { kind: 'serve', pathname, search };
}

/**
 * Reduces an Accept-Encoding header to the encodings the server has files for, honouring `q=0`.
 * The file server only looks for the words `br` and `gzip`, so it gets this normalised list.
 */
export function acceptedEncodings(header: string | string[] | undefined): Array<'br' | 'gzip'> {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q' && value !== undefined) {
        const parsed = Number(value.trim());
        weight = Number.isFinite(parsed) ? parsed : 0;
      }
    }
    weights.set(name.trim().toLowerCase(), weight);
  }
  const wildcard = weights.get('*') ?? 0;
  const accepts = (name: string): boolean => (weights.get(name) ?? wildcard) > 0;
  const result: Array<'br' | 'gzip'> = [];
  if (accepts('br')) result.push('br');
  if (accepts('gzip')) result.push('gzip');
  return result;
}

/** Cache policy by path: hashed assets never change; everything else is revalidated. */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}
