/**
 * GET /'s negotiation: true when the client ranks HTML above JSON, as a browser's navigation does
 * (`text/html,…,*\/*;q=0.8`). A client that names JSON, sends `*\/*` (curl) or no Accept at all gets JSON.
 */
export function prefersHtml(accept: string | null): boolean {
  if (accept === null) return false;
  let html = 0;
  let json = 0;
  for (const part of accept.split(',')) {
    const [rawRange = '', ...params] = part.split(';');
    const range = rawRange.trim().toLowerCase();
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key === 'q') q = Number(value);
    }
    if (!(q > 0)) continue;
    if (range === 'text/html' || range === 'application/xhtml+xml') html = Math.max(html, q);
    else if (range === 'application/json' || range === 'application/*' || range === '*/*')
      json = Math.max(json, range === 'application/json' ? q : q - 0.0001);
  }
  return html > 0 && html >= json;
}
