import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { H3, toNodeHandler } from 'h3';
import { hasUserAgent, joinedHeader, lacksHeader } from '../../../adapters/http/request-headers.ts';

/**
 * The helpers against what h3's own `headers.get` says, for the same request: behind node:http (where they
 * read Node's parsed headers) and through `app.fetch` (where they fall back to it), with headers missing,
 * blank, repeated and oddly cased.
 */
function app(): H3 {
  const h3 = new H3();
  h3.all('/**', (event) => {
    const srvx = (name: string) => event.req.headers.get(name);
    const agent = srvx('user-agent');
    return {
      ours: {
        userAgent: hasUserAgent(event.req),
        accept: joinedHeader(event.req, 'accept'),
        lacksIfNoneMatch: lacksHeader(event.req, 'if-none-match'),
        lacksIfModifiedSince: lacksHeader(event.req, 'if-modified-since'),
      },
      srvx: {
        userAgent: agent !== null && agent.trim() !== '',
        accept: srvx('accept'),
        lacksIfNoneMatch: srvx('if-none-match') === null,
        lacksIfModifiedSince: srvx('if-modified-since') === null,
      },
    };
  });
  return h3;
}

const CASES: readonly (readonly string[])[] = [
  [],
  ['User-Agent: app/1.0', 'Accept: application/geo+json'],
  ['user-agent:    ', 'ACCEPT: application/ld+json'],
  ['User-Agent: ', 'User-Agent: second/2.0'],
  ['User-Agent: first/1.0', 'User-Agent: second/2.0'],
  ['User-Agent: \t', 'User-Agent:  '],
  ['Accept: application/geo+json', 'Accept: application/ld+json;q=0.5'],
  ['If-None-Match: "abc"', 'If-Modified-Since: Tue, 24 Nov 2026 10:00:00 GMT'],
  ['If-None-Match: ', 'if-modified-since: x', 'If-Modified-Since: y'],
  ['Accept: ', 'If-None-Match: "a"', 'If-None-Match: "b"'],
];

/** One raw HTTP/1.1 request with exactly these header lines, and its JSON answer. */
function raw(port: number, lines: readonly string[]): Promise<{ ours: unknown; srvx: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () =>
      resolve(JSON.parse(data.slice(data.indexOf('\r\n\r\n') + 4)) as { ours: unknown; srvx: unknown }),
    );
    socket.write(['GET /check HTTP/1.1', 'Host: 127.0.0.1', ...lines, 'Connection: close', '', ''].join('\r\n'));
  });
}

describe('request headers read through Node where it cannot differ', () => {
  let server: Server;
  let port: number;
  before(async () => {
    server = createServer(toNodeHandler(app()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  for (const lines of CASES) {
    it(`behind node:http: ${JSON.stringify(lines)}`, async () => {
      const { ours, srvx } = await raw(port, lines);
      assert.deepEqual(ours, srvx);
    });
  }

  it("through app.fetch (no Node request): the same answers as the Request's own headers", async () => {
    const h3 = app();
    for (const lines of CASES) {
      const headers = new Headers();
      for (const line of lines) {
        const at = line.indexOf(':');
        headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      const body = (await (await h3.fetch(new Request('http://forecast.test/check', { headers }))).json()) as {
        ours: unknown;
        srvx: unknown;
      };
      assert.deepEqual(body.ours, body.srvx, JSON.stringify(lines));
    }
  });
});
