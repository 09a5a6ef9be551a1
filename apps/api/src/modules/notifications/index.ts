/** What other modules may use of notifications: the module to import and the notices its service sends. */
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
