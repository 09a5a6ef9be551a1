import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut (every open connection dropped, new ones
 * refused) and restore: the database going away and coming back, as the app sees it.
 */
export class DatabaseProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private cut = false;

  /** Starts in front of `url`'s server; answers the same URL through the proxy. */
  async route(url: string): Promise<string> {
    const target = new URL(url);
    this.server = createServer((client) => {
      if (this.cut) return client.destroy();
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    const port = await new Promise<number>((resolve) =>
      this.server!.listen(0, '127.0.0.1', () => resolve((this.server!.address() as { port: number }).port)),
    );
    const routed = new URL(url);
    routed.hostname = '127.0.0.1';
    routed.port = String(port);
    return routed.toString();
  }

  /** The database goes away: open connections drop, new ones are refused. */
  goAway(): void {
    this.cut = true;
    for (const s of this.sockets) s.destroy();
  }

  comeBack(): void {
    this.cut = false;
  }

  async close(): Promise<void> {
    this.goAway();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
