/** What other modules may use of live sessions: the one attendance rule every figure reads, and month titles. */
export { COUNTED_SESSION, FIGURES_OF, LATEST_ENTRY, MARK_STATUS, SESSION_APPLIES, SESSION_ENDED } from './attendance-rule';
export { monthTitle } from './attendance-register-document';
