/** The console's alerts (learning spec, section 8): the shared page-scoped notices of @school/ui. */
export { NoticeProvider, NoticeRegion, useNotify } from '@school/ui';
export type { NoticeOptions, Notify } from '@school/ui';
