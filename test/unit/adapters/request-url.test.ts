/**
 * requestProtocol and hasQuery read a request URL's text instead of parsing it: they must agree with what
 * requestUrl's parse of the same text gives, for every URL a request can carry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { H3Event } from 'h3';
import { hasQuery, requestProtocol, requestUrl } from '../../../adapters/http/request-url.ts';

const eventAt = (url: string): H3Event => ({ req: { url } }) as unknown as H3Event;

const URLS = [
  'http://127.0.0.1:3000/points/39.7456,-97.0892',
  'https://api.example.com/gridpoints/TOP/31,80/forecast',
  'http://localhost/gridpoints/TOP/31,80/forecast?units=si',
  'http://localhost/points/1,2?',
  'http://localhost/points/1,2#frag?not-a-query',
  'http://localhost/points/1,2?a=1#frag',
  'HTTP://LOCALHOST/points/1,2',
  'HTTPS://localhost/x?y',
  'ws://localhost/points/1,2?q',
  'http://[::1]:8080/alerts/active?area=KS',
  'http://localhost:70000/points/1,2?units=si',
  'http://999.1.1.1/points/1,2',
];

test('the scheme and the query, read off the text, are those of the parsed URL', () => {
  for (const url of URLS) {
    const parsed = requestUrl(eventAt(url));
    assert.equal(requestProtocol(eventAt(url)), parsed.protocol, url);
    assert.equal(hasQuery(eventAt(url)), parsed.search !== '', url);
  }
});

test('any path and query of an http or https URL', () => {
  const part = fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]{0,24}$/);
  fc.assert(
    fc.property(fc.constantFrom('http', 'https', 'HTTP', 'Https'), part, (scheme, rest) => {
      const url = `${scheme}://localhost:3000/${rest}`;
      const parsed = requestUrl(eventAt(url));
      assert.equal(requestProtocol(eventAt(url)), parsed.protocol);
      assert.equal(hasQuery(eventAt(url)), parsed.search !== '');
    }),
  );
});
