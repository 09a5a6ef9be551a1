/** What other modules may use of the timeline: the module to import, the service that dates a cohort again, and a phase's windows. */
export { TimelineModule } from './timeline.module';
export { TimelineService, type PhaseWindows, windowsOf } from './timeline.service';
export { PHASES_COLUMNS } from './timeline.queries';
