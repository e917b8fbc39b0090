import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classify, readHead } from '../../../adapters/http/refused-requests.ts';

const packet = (text: string) => Buffer.from(text, 'latin1');

test('reads the method, path and kept headers of a head the parser refused', () => {
  const text = `GET /api/tasks?x=1 HTTP/1.1\r\nHost: a.test:8080\r\nOrigin: http://o.test\r\nCookie: ${'c'.repeat(20_000)}\r\n\r\n`;
  const head = readHead(packet(text), 20_000);
  assert.equal(head.method, 'GET');
  assert.equal(head.path, '/api/tasks');
  assert.deepEqual(head.headers, [
    ['host', 'a.test:8080'],
    ['origin', 'http://o.test'],
  ]);
  assert.equal(classify('HPE_HEADER_OVERFLOW', head), 'headers-too-large');
});

test('a request line that never ends in the packet, or outweighs the headers, is the URL’s fault', () => {
  const cut = readHead(packet(`GET /points/1,2?${'q'.repeat(20_000)}`), 16_384);
  assert.equal(cut.path, '/points/1,2');
  assert.equal(cut.requestLineEnded, false);
  assert.equal(classify('HPE_HEADER_OVERFLOW', cut), 'uri-too-long');
  const long = readHead(packet(`GET /alerts?${'z'.repeat(12_000)} HTTP/1.1\r\nX-A: ${'a'.repeat(5_000)}\r\n`), 17_000);
  assert.equal(classify('HPE_HEADER_OVERFLOW', long), 'uri-too-long');
});

test('the refused request after an answered one in the same packet; absolute-form targets', () => {
  const text = `GET /health HTTP/1.1\r\nHost: x\r\n\r\nPOST http://h.test/api/tasks/abc?x HTTP/1.1\r\nHost: h.test\r\nX: ${'b'.repeat(20_000)}`;
  const head = readHead(packet(text), text.length - 10);
  assert.equal(head.method, 'POST');
  assert.equal(head.path, '/api/tasks/abc');
  // The last header line may be cut short: it is left out; Host is kept.
  assert.deepEqual(head.headers, [['host', 'h.test']]);
});

test('a packet without a request line cannot name a path; errors Node answers well are left to it', () => {
  const head = readHead(packet(`X-H16: ${'c'.repeat(1000)}`), 1000);
  assert.equal(head.path, undefined);
  assert.equal(classify('HPE_HEADER_OVERFLOW', head), 'headers-too-large');
  assert.equal(classify('HPE_INVALID_METHOD', head), 'malformed');
  for (const code of ['ECONNRESET', 'ERR_HTTP_REQUEST_TIMEOUT', 'HPE_CHUNK_EXTENSIONS_OVERFLOW'])
    assert.equal(classify(code, head), undefined, code);
  assert.deepEqual(readHead(undefined, undefined).headers, []);
});
