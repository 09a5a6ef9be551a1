import { Module } from '@nestjs/common';
import { TimelineModule } from '../timeline';
import { PlacementsController } from './placements.controller';
import { BreaksService } from './breaks.service';
import { LogbookService } from './logbook.service';
import { PlacementsService } from './placements.service';

/** On-the-job training: host companies and placements, dated by the timeline's OJT phase. */
@Module({
  imports: [TimelineModule],
  controllers: [PlacementsController],
  providers: [PlacementsService, LogbookService, BreaksService],
})
export class PlacementsModule {}
