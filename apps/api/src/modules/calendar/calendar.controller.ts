import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type ParamsOf, Route, RouteParams } from '../../common/route.decorator';
import { CalendarFeedService } from './calendar-feed.service';

/** The private calendar feed: made, shown and stopped from account settings; read by calendar apps. */
@Controller()
export class CalendarController {
  constructor(@Inject(CalendarFeedService) private readonly feeds: CalendarFeedService) {}

  @Route('calendarFeed')
  feed(@CurrentUser() me: AuthUser) {
    return this.feeds.feed(me);
  }

  @Route('calendarFeedCreate')
  create(@CurrentUser() me: AuthUser) {
    return this.feeds.create(me);
  }

  @Route('calendarFeedRevoke')
  revoke(@CurrentUser() me: AuthUser) {
    return this.feeds.revoke(me);
  }

  /** The calendar's type is set once there is a calendar: a refusal stays a JSON message. */
  @Route('calendarFeedIcs')
  async ics(@RouteParams() p: ParamsOf<'calendarFeedIcs'>, @Res({ passthrough: true }) res: Response) {
    const calendar = await this.feeds.ics(p.feedFile);
    res.type('text/calendar; charset=utf-8');
    // The address is the secret: nothing on the way keeps a copy.
    res.setHeader('Cache-Control', 'private, no-store');
    return calendar;
  }
}
