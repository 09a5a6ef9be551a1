/** What other modules may use of placements: the module and its supervisors' signed links (the reviews reuse them). */
export { PlacementsModule } from './placements.module';
export {
  SupervisorLinksService,
  SUPERVISOR_LINK_DAYS,
  goneReason,
  linkGone,
  type SupervisorLinkPurpose,
  type SupervisorLinkRow,
} from './supervisor-links.service';
