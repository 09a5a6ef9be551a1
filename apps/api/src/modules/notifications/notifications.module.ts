import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { ScheduledNotifications } from './scheduled-notifications';

/** Mail preferences, unsubscribe, the recurring notifications; exports the notices other modules send. */
@Module({
  controllers: [NotificationsController],
  providers: [NotificationsService, ScheduledNotifications],
  exports: [NotificationsService],
})
export class NotificationsModule {}
