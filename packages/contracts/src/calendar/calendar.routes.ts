import { z } from 'zod';
import { defineRoutes } from '../common/route';
import { CalendarFeedFileParamsSchema, CalendarFeedResponseSchema } from './calendar.schemas';

/**
 * The private calendar feed: each user's sessions, deadlines, result dates and cohort milestones
 * (a student's of their classes, staff's of the cohorts they teach) at an address calendar apps
 * subscribe to; making a new one stops the old, and it can be stopped.
 */
export const calendarRoutes = defineRoutes({
  calendarFeed: {
    method: 'GET',
    path: 'calendar/feed',
    response: CalendarFeedResponseSchema,
    auth: 'user',
    summary: 'Whether the user has a calendar feed, and since when (its address is shown only when made)',
  },
  calendarFeedCreate: {
    method: 'POST',
    path: 'calendar/feed',
    response: CalendarFeedResponseSchema,
    auth: 'user',
    successStatus: 201,
    summary: "Makes the user's calendar feed and answers its private address; an earlier address stops working",
  },
  calendarFeedRevoke: {
    method: 'DELETE',
    path: 'calendar/feed',
    response: CalendarFeedResponseSchema,
    auth: 'user',
    summary: "Stops the user's calendar feed: its address answers 404 from now on",
  },
  calendarFeedIcs: {
    method: 'GET',
    path: 'calendar/feeds/:feedFile',
    params: CalendarFeedFileParamsSchema,
    response: z.string(),
    responseType: 'text',
    auth: 'public',
    summary: 'The calendar feed (RFC 5545, Asia/Kuala_Lumpur) named by its private address',
  },
});
