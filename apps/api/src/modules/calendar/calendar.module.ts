import { Module } from '@nestjs/common';
import { CalendarController } from './calendar.controller';
import { CalendarFeedService } from './calendar-feed.service';

@Module({
  controllers: [CalendarController],
  providers: [CalendarFeedService],
})
export class CalendarModule {}
