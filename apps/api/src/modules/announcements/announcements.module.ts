import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsService } from './announcements.service';

/** Cohort announcements: posting, scheduled publishing, the students' lists and read state, their mail. */
@Module({
  imports: [NotificationsModule],
  controllers: [AnnouncementsController],
  providers: [AnnouncementsService],
})
export class AnnouncementsModule {}
