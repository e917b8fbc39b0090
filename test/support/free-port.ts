import { createServer } from 'node:net';

/**
 * A port that was free a moment ago: bind port 0 on 127.0.0.1, note it, close. For a child server that must
 * be told its port before it starts (the tests' and the benchmarks' alike).
 */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') return reject(new Error('no port'));
      server.close(() => resolvePort(address.port));
    });
  });
}
