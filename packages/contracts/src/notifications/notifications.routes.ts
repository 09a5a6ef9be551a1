import { defineRoutes } from '../common/route';
import {
  NotificationPreferencesParamsSchema,
  NotificationPreferencesResponseSchema,
  NotificationPreferencesUpdateSchema,
  UnsubscribeBodySchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
} from './notifications.schemas';

export const notificationsRoutes = defineRoutes({
  notificationPreferences: {
    method: 'GET',
    path: 'notifications/preferences/:userIdSlug/',
    params: NotificationPreferencesParamsSchema,
    response: NotificationPreferencesResponseSchema,
    auth: 'user',
    summary: "A user's choices of the mail that may be turned off (the user's own, or any for an admin)",
  },
  notificationPreferencesUpdate: {
    method: 'PATCH',
    path: 'notifications/preferences/:userIdSlug/',
    params: NotificationPreferencesParamsSchema,
    body: NotificationPreferencesUpdateSchema,
    response: NotificationPreferencesResponseSchema,
    auth: 'user',
    summary: "Turn reminders or digests on or off (the user's own, or any for an admin)",
  },
  unsubscribe: {
    method: 'POST',
    path: 'notifications/unsubscribe/',
    query: UnsubscribeQuerySchema,
    body: UnsubscribeBodySchema,
    response: UnsubscribeResponseSchema,
    auth: 'public',
    summary: 'One-click unsubscribe (RFC 8058) with the signed link of a message: no sign-in',
  },
});
