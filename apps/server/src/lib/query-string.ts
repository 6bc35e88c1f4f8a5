/**
 * Parses a query string. A %-escape that is not UTF-8 (an encoded lone surrogate, say) is kept as a NUL
 * character rather than quietly becoming U+FFFD, so the parameter meets the same rule as a body field: every
 * schema's text type refuses it with 400 VALIDATION_FAILED naming the parameter. (A parser may not throw:
 * Fastify does not route its errors through the error handler.)
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decode(part.slice(eq + 1));
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function decode(raw: string): string {
  const text = raw.replaceAll('+', ' ');
  try {
    return decodeURIComponent(text);
  } catch {
    return '\0';
  }
}
