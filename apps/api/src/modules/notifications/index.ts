/** What other modules may use of notifications: the module to import and the notices its service sends. */
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
/** The calendar day before a moment in the school's time zone, for the daily digests of other modules. */
export { previousDay } from './notifications.queries';
