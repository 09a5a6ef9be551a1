/** What other modules may use of the timeline: the module to import and the service that dates a cohort again. */
export { TimelineModule } from './timeline.module';
export { TimelineService } from './timeline.service';
