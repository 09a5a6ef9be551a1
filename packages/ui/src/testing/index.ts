// What the apps' unit tests share (vitest only: never imported by app code).
export { byPath, matchRoute, mockRoutes, reply } from './mock-routes';
export type { MockRoutesOptions, Reply, RouteAnswer, RouteCall, RouteHandler, RouteHandlers } from './mock-routes';
export { staleReads } from './stale-reads';
