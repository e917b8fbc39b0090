import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyReply } from '../../../../adapters/forecast/upstream/upstream-errors.ts';
import type { UpstreamReply } from '../../../../adapters/forecast/upstream/upstream-client.ts';

const NOW = Date.parse('2026-07-15T18:00:00Z');
const reply = (status: number, statusText: string, type: string | undefined, text: string): UpstreamReply => ({
  status,
  statusText,
  headers: new Headers(type ? { 'content-type': type } : {}),
  text,
  retries: 0,
});
const detailOf = (r: UpstreamReply): string => {
  const kind = classifyReply(r, NOW);
  assert.equal(kind.kind, 'failure');
  return kind.kind === 'failure' ? kind.error.detail : '';
};

test('a JSON-typed body that does not parse is named as such, not as "a JSON body instead of JSON"', () => {
  const cut = detailOf(reply(200, 'OK', 'application/geo+json', '{"type":"Feature","propert'));
  assert.equal(
    cut,
    'The upstream forecast service answered 200 OK with an application/geo+json body that is not valid JSON (cut short or malformed).',
  );
  const list = detailOf(reply(200, 'OK', 'application/geo+json', '[1,2]'));
  assert.equal(
    list,
    'The upstream forecast service answered 200 OK with an application/geo+json body that is not a JSON object.',
  );
});

test('an empty body is said to be empty; an HTML page is still named by its type', () => {
  assert.equal(
    detailOf(reply(204, 'No Content', undefined, '')),
    'The upstream forecast service answered 204 No Content with an empty body instead of JSON.',
  );
  assert.equal(
    detailOf(reply(200, 'OK', 'text/html', '<html>oops</html>')),
    'The upstream forecast service answered 200 OK with a text/html body instead of JSON.',
  );
});

test("an asset's HTML error page, kept as bytes and not decoded, is not called empty", () => {
  const page = { ...reply(500, 'Internal Server Error', 'text/html', ''), bytes: new TextEncoder().encode('<html/>') };
  assert.match(detailOf(page), /with a text\/html body instead of JSON\.$/);
});
