import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Thrown instead of connecting while the database is known not to answer. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export interface MonitorOptions {
  /** How often the database is asked `SELECT 1` when nothing else has shown it answering. */
  intervalMs?: number;
  /** How long an answer may take before the database counts as not answering. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

interface Socketed {
  connection: { stream: { destroy(): void }; on(event: string, fn: () => void): void };
}

/**
 * Watches one database and the pool's connections to it. A database that stops answering (frozen,
 * killed, shut down) holds every query sent to it; the statement timeout is the server's own and
 * never fires then. So once the database leaves a probe unanswered while none of the pool's
 * connections hear from it either, the monitor:
 * - ends every connection of the pool, so the queries waiting on them fail at once (503s),
 * - refuses new connections at once instead of letting each request wait for its connect timeout,
 * - keeps probing, and lets connections through again as soon as the database answers.
 */
export class DatabaseMonitor {
  private up = true;
  private readonly clients = new Set<pg.Client>();
  private lastAnswer = 0;
  private probe?: pg.Client;
  private probing = false;
  private timer?: NodeJS.Timeout;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  /** The pg client class for the pool (`extra.Client`): its connections are watched. */
  readonly Client: typeof pg.Client;

  constructor(
    private readonly url: string,
    private readonly options: MonitorOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 500;
    this.timeoutMs = options.timeoutMs ?? 1_000;
    const isUp = () => this.up;
    const watch = (client: pg.Client) => this.watch(client);
    this.Client = class MonitoredClient extends pg.Client {
      override connect(): Promise<pg.Client>;
      override connect(callback: (err: Error) => void): void;
      override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
        if (!isUp()) {
          const err = new DatabaseUnavailableError('The database is not answering.');
          if (!callback) return Promise.reject(err);
          process.nextTick(() => callback(err));
          return;
        }
        watch(this);
        return callback ? super.connect(callback) : super.connect();
      }
    };
  }

  /** False while the database does not answer. */
  get available(): boolean {
    return this.up;
  }

  start(): this {
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const probe = this.probe;
    this.probe = undefined;
    await probe?.end().catch(() => undefined);
  }

  private watch(client: pg.Client) {
    this.clients.add(client);
    (client as unknown as Socketed).connection.on('readyForQuery', () => {
      this.lastAnswer = performance.now();
    });
    client.once('end', () => this.clients.delete(client));
  }

  private async check() {
    if (this.probing || !this.timer) return;
    // A connection of the pool heard from the database just now: it answers.
    if (this.up && performance.now() - this.lastAnswer < this.intervalMs) return;
    this.probing = true;
    const sent = performance.now();
    try {
      await this.ask();
      this.lastAnswer = performance.now();
      if (!this.up) {
        this.up = true;
        this.options.log?.('The database answers again.');
      }
    } catch (e) {
      this.dropProbe();
      // Another connection heard from the database meanwhile: only the probe was unlucky.
      if (this.up && this.lastAnswer > sent) return;
      if (this.up) {
        this.up = false;
        this.options.log?.(`The database does not answer (${(e as Error).message}); requests get 503 until it does.`);
      }
      for (const client of this.clients) (client as unknown as Socketed).connection.stream.destroy();
      this.clients.clear();
    } finally {
      this.probing = false;
    }
  }

  /** `SELECT 1` on the monitor's own connection, failing after timeoutMs. */
  private ask(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        // Timers run before pending input is read: let an answer already waiting arrive first.
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`no answer within ${this.timeoutMs} ms`));
        });
      }, this.timeoutMs);
      const done = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve();
      };
      void (async () => {
        let client = this.probe;
        if (!client) {
          const fresh = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.timeoutMs });
          fresh.on('error', () => {
            if (this.probe === fresh) this.probe = undefined;
          });
          this.probe = client = fresh;
          await fresh.connect();
        }
        await client.query('SELECT 1');
      })().then(
        () => done(),
        (e: Error) => done(e),
      );
    });
  }

  private dropProbe() {
    const probe = this.probe;
    this.probe = undefined;
    if (probe) (probe as unknown as Socketed).connection.stream.destroy();
  }
}
