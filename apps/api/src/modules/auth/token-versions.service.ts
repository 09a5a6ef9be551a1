import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { poolOf } from '../../common/sql/db';
import { tokenState } from './refresh-tokens.queries';

/** Beyond this many users the cache starts afresh (it refills one statement per user). */
const MAX_ENTRIES = 100_000;
const RECONNECT_MS = 1_000;
/**
 * The channel the `users` triggers announce a user's id on when their tokens change validity
 * (created by the migration 1764000001300, whose text stays as it ran: migrations are history and
 * runtime code never imports them).
 */
export const USER_SESSIONS_CHANNEL = 'user_sessions';

/**
 * The current token version of each user, as access tokens are checked against it: `null` when
 * the account is suspended or gone. Kept per API process, so a request whose user is cached costs
 * no statement; PostgreSQL announces every change on `user_sessions` (see the migration
 * 1764000001300) and the entry is dropped at once. While the listening connection is down nothing
 * is cached, so a missed announcement can never leave a revoked token valid.
 */
@Injectable()
export class TokenVersionsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TokenVersionsService.name);
  private readonly versions = new Map<string, number | null>();
  /** Bumped on every announcement and reconnection: a read that started before one is not cached. */
  private epoch = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** The version a valid access token of this user carries, or null when none is valid. */
  async current(userId: string): Promise<number | null> {
    const cached = this.versions.get(userId);
    if (cached !== undefined) return cached;
    const epoch = this.epoch;
    const row = await tokenState(this.db, userId);
    const version = row && !row.is_suspended ? row.token_version : null;
    if (this.listening && epoch === this.epoch) {
      if (this.versions.size >= MAX_ENTRIES) this.versions.clear();
      this.versions.set(userId, version);
    }
    return version;
  }

  /**
   * Drops a user's entry at once after this process committed a change to their sessions: the
   * announcement reaches this process too, but maybe after the response that made the change.
   */
  changed(userId: string): void {
    this.forget(userId);
  }

  private forget(userId?: string) {
    this.epoch++;
    if (userId === undefined) this.versions.clear();
    else this.versions.delete(userId);
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const pool = poolOf(this.db);
    const client = new pg.Client({ ...pool.options, keepAlive: true });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.forget();
      client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.listen(), RECONNECT_MS);
    };
    client.on('notification', (msg) => {
      if (msg.channel === USER_SESSIONS_CHANNEL && msg.payload) this.forget(msg.payload);
    });
    client.on('error', (e) => {
      this.logger.warn(`Listening for session changes failed: ${e.message}`);
      lost();
    });
    client.on('end', lost);
    this.listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${USER_SESSIONS_CHANNEL}`);
      if (this.listener !== client || this.stopped) return;
      // Whatever was read before the connection may have missed an announcement.
      this.forget();
      this.listening = true;
    } catch (e) {
      this.logger.warn(`Listening for session changes failed: ${(e as Error).message}`);
      lost();
    }
  }
}
