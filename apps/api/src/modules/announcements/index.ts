/** What other modules and the app use of announcements. */
export { AnnouncementsModule } from './announcements.module';
export { AnnouncementsService } from './announcements.service';
