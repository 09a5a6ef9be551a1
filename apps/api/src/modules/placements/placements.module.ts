import { Module } from '@nestjs/common';
import { TimelineModule } from '../timeline';
import { PlacementsController } from './placements.controller';
import { BreaksService } from './breaks.service';
import { EvidencePackController } from './evidence-pack.controller';
import { EvidencePackService } from './evidence-pack.service';
import { LogbookService } from './logbook.service';
import { OjtReviewsController } from './ojt-reviews.controller';
import { OjtReviewsService } from './ojt-reviews.service';
import { PlacementsService } from './placements.service';
import { SupervisorLinksService } from './supervisor-links.service';
import { SupervisorSignoffController } from './supervisor-signoff.controller';
import { SupervisorSignoffService } from './supervisor-signoff.service';

/** On-the-job training: host companies and placements, dated by the timeline's OJT phase; the supervisors' signed links. */
@Module({
  imports: [TimelineModule],
  controllers: [PlacementsController, SupervisorSignoffController, EvidencePackController, OjtReviewsController],
  providers: [
    PlacementsService,
    LogbookService,
    SupervisorLinksService,
    SupervisorSignoffService,
    BreaksService,
    EvidencePackService,
    OjtReviewsService,
  ],
  exports: [SupervisorLinksService],
})
export class PlacementsModule {}
