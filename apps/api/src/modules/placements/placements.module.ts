import { Module } from '@nestjs/common';
import { TimelineModule } from '../timeline';
import { PlacementsController } from './placements.controller';
import { LogbookService } from './logbook.service';
import { OjtReviewsController } from './ojt-reviews.controller';
import { OjtReviewsService } from './ojt-reviews.service';
import { PlacementsService } from './placements.service';
import { SupervisorLinksService } from './supervisor-links.service';

/** On-the-job training: host companies and placements, dated by the timeline's OJT phase. */
@Module({
  imports: [TimelineModule],
  controllers: [PlacementsController, OjtReviewsController],
  providers: [PlacementsService, LogbookService, SupervisorLinksService, OjtReviewsService],
  exports: [SupervisorLinksService],
})
export class PlacementsModule {}
