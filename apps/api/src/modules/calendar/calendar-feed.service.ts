import { randomBytes } from 'node:crypto';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CALENDAR_FEED_NOT_FOUND_MESSAGE, type CalendarFeed } from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { tokenHash } from '../../common/token-hash';
import { MailService } from '../../platform/mail/mail.service';
import { calendarFeed } from './calendar-feed';
import * as sql from './calendar-feed.queries';

/**
 * Each user's private calendar feed. The address carries a random secret of which only the hash is
 * kept, so it is shown once, when made; making another stops the old one, as does stopping it.
 */
@Injectable()
export class CalendarFeedService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly origins: MailService,
  ) {}

  async feed(me: AuthUser): Promise<{ data: CalendarFeed }> {
    const row = await sql.feedOf(this.db, me.id);
    return { data: { url: null, created_at: row?.created_at.toISOString() ?? null } };
  }

  async create(me: AuthUser): Promise<{ data: CalendarFeed }> {
    const token = randomBytes(32).toString('base64url');
    const at = await sql.saveFeed(this.db, me.id, tokenHash(token));
    return { data: { url: `${this.origins.apiOrigin}/api/calendar/feeds/${token}.ics`, created_at: at.toISOString() } };
  }

  async revoke(me: AuthUser): Promise<{ data: CalendarFeed }> {
    await sql.deleteFeed(this.db, me.id);
    return { data: { url: null, created_at: null } };
  }

  /** The feed named by an address: its owner's dated things as ICS, or 404 for an address stopped or never made. */
  async ics(feedFile: string): Promise<string> {
    const owner = await sql.feedOwner(this.db, tokenHash(feedFile.slice(0, -'.ics'.length)));
    if (!owner) throw new NotFoundException(CALENDAR_FEED_NOT_FOUND_MESSAGE);
    const events = await sql.feedEvents(this.db, owner.user_id);
    return calendarFeed(events, {
      host: new URL(this.origins.apiOrigin).hostname,
      classUrl: (cohort) => `${this.origins.learnOrigin}/class/${cohort}`,
      cohortUrl: (cohort) => `${this.origins.adminOrigin}/admin/cohorts/${cohort}`,
    });
  }
}
