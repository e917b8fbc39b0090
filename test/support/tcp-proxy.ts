import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder between the servers under test and PostgreSQL (or Redis), so that a test can take the
 * server away (cut every connection and refuse new ones, as a server that is restarting does) and give it
 * back, without touching a server that other work on this machine may be using.
 */
export class TcpProxy {
  private server?: Server;
  private readonly open = new Set<Socket>();
  private refusing = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<void> {
    const server = createServer((client) => {
      if (this.refusing) {
        client.destroy();
        return;
      }
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.open.add(socket);
        socket.on('close', () => this.open.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
  }

  /** The database "goes down": open connections are cut, new ones closed at once. */
  down(): void {
    this.refusing = true;
    for (const socket of this.open) socket.destroy();
  }

  up(): void {
    this.refusing = false;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
