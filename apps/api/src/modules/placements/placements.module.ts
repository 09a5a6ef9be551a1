import { Module } from '@nestjs/common';
import { TimelineModule } from '../timeline';
import { PlacementsController } from './placements.controller';
import { EvidencePackController } from './evidence-pack.controller';
import { EvidencePackService } from './evidence-pack.service';
import { LogbookService } from './logbook.service';
import { PlacementsService } from './placements.service';

/** On-the-job training: host companies and placements, dated by the timeline's OJT phase. */
@Module({
  imports: [TimelineModule],
  controllers: [PlacementsController, EvidencePackController],
  providers: [PlacementsService, LogbookService, EvidencePackService],
})
export class PlacementsModule {}
