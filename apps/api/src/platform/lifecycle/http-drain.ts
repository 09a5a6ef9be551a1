import type { Server, ServerResponse } from 'node:http';

export interface HttpDrain {
  /** Requests whose answers are not finished yet. */
  readonly inFlight: number;
  /**
   * Stops accepting connections, closes idle ones, lets the requests in flight finish (their
   * connections then close) and resolves true; after `timeoutMs` closes whatever is left and
   * resolves false.
   */
  drain(timeoutMs: number): Promise<boolean>;
}

/** Follows `server`'s requests in flight, for a stop that lets them finish. */
export function trackRequests(server: Server): HttpDrain {
  const open = new Set<ServerResponse>();
  let draining = false;
  let settle: (() => void) | undefined;
  server.on('request', (_req, res: ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (draining && open.size === 0) settle?.();
    });
  });
  return {
    get inFlight() {
      return open.size;
    },
    async drain(timeoutMs) {
      draining = true;
      // Answers still to be written tell their client that the connection closes after them.
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const finished = await new Promise<boolean>((resolve) => {
        settle = () => resolve(true);
        if (open.size === 0) resolve(true);
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      clearTimeout(timer);
      // Keep-alive connections whose last answer has gone, and (after the time limit) the rest.
      server.closeIdleConnections();
      if (finished) await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
      server.closeAllConnections();
      await closed;
      return finished;
    },
  };
}
