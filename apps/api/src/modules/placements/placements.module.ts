import { Module } from '@nestjs/common';
import { TimelineModule } from '../timeline';
import { PlacementsController } from './placements.controller';
import { BreaksService } from './breaks.service';
import { LogbookService } from './logbook.service';
import { PlacementsService } from './placements.service';
import { SupervisorLinksService } from './supervisor-links.service';
import { SupervisorSignoffController } from './supervisor-signoff.controller';
import { SupervisorSignoffService } from './supervisor-signoff.service';

/** On-the-job training: host companies and placements, dated by the timeline's OJT phase; the supervisors' signed links. */
@Module({
  imports: [TimelineModule],
  controllers: [PlacementsController, SupervisorSignoffController],
  providers: [PlacementsService, LogbookService, SupervisorLinksService, SupervisorSignoffService, BreaksService],
  exports: [SupervisorLinksService],
})
export class PlacementsModule {}
