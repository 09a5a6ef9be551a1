// Types only: the public site's first load carries no route table (the session loads the client on its first call).
import type { ApiClient, CallOptions, CallResult, RouteName, Routes } from '@school/contracts';
import { useSession } from '../session';
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/*
 * The one way the apps read and write the API: hooks keyed by the route's name in the contracts'
 * table, so a read is cached under `[name, params, query]` and a change names the reads it makes stale.
 */

/** Routes read with `useRouteQuery` (GET) and changed with `useRouteMutation` (any other method). */
export type QueryRouteName = { [N in RouteName]: Routes[N]['method'] extends 'GET' ? N : never }[RouteName];
export type MutationRouteName = Exclude<RouteName, QueryRouteName>;

/** What identifies a read: the route's path params and query, typed from its entry in the route table. */
export type RouteInputs<N extends RouteName> = Pick<CallOptions<N>, 'params' | 'query'>;
/** What a mutation is called with: the route's params and body (and query when it has one). */
export type RouteVariables<N extends RouteName> = Omit<CallOptions<N>, 'signal' | 'headers'>;

/** Part of a read's inputs: some of its params (every read of the entities they name) and its query. */
export type RouteKeyInputs<N extends RouteName> = {
  params?: Partial<NonNullable<RouteInputs<N>['params']>>;
  query?: RouteInputs<N>['query'];
};

/**
 * The query key of a route read: `[name, params, query]`, an empty object standing for absent
 * params or query. React Query matches keys by prefix and objects partially, so `routeKey(name)`
 * covers every read of the route and `routeKey(name, { params })` every read of one entity (some params:
 * every read of the entities they name), any query.
 */
export function routeKey<N extends RouteName>(name: N, inputs?: RouteKeyInputs<N>): QueryKey {
  if (!inputs || (inputs.params === undefined && inputs.query === undefined)) return [name];
  if (inputs.query === undefined) return [name, inputs.params ?? {}];
  return [name, inputs.params ?? {}, inputs.query];
}

/** The full key of one read (what `useRouteQuery` caches it under). */
export function routeQueryKey<N extends QueryRouteName>(name: N, inputs: RouteInputs<N>): QueryKey {
  return [name, inputs.params ?? {}, inputs.query ?? {}];
}

export interface RouteQueryOptions<N extends QueryRouteName, TData> {
  enabled?: boolean;
  /** Shape the answer (e.g. unwrap `data`). */
  select?: (answer: CallResult<N>) => TData;
  staleTime?: number;
  gcTime?: number;
  /**
   * Look again every so many ms while the screen shows it (work done in the background); or, from
   * the last answer, how long until the next look (false: no more, e.g. once a job has finished).
   */
  refetchInterval?: number | ((answer: CallResult<N> | undefined) => number | false);
  /**
   * Keep the previous answer on screen while the next one loads: by default for a read with a
   * query (a list that pages, sorts, filters); off where an old answer would mislead (a signed URL).
   */
  keepPrevious?: boolean;
  /** Tries after a failed read (the app's default is one), or which failures to try again. */
  retry?: number | boolean | ((failureCount: number, error: Error) => boolean);
  refetchOnWindowFocus?: boolean;
}

/**
 * Query options for a route read. A read with a query (a list that pages, sorts, filters) keeps the
 * previous page on screen while the next one loads (see `keepPrevious`).
 */
export function routeQueryOptions<N extends QueryRouteName, TData = CallResult<N>>(
  client: ApiClient,
  name: N,
  inputs: RouteInputs<N>,
  { keepPrevious = inputs.query !== undefined, refetchInterval, ...options }: RouteQueryOptions<N, TData> = {},
) {
  return queryOptions({
    queryKey: routeQueryKey(name, inputs),
    queryFn: ({ signal }) => (client.call as (n: RouteName, o: object) => Promise<CallResult<N>>)(name, { ...inputs, signal }),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query: { state: { data: CallResult<N> | undefined } }) => refetchInterval(query.state.data)
        : refetchInterval,
    ...options,
  });
}

/** Reads a route of the contracts' table with the session's client, cached under `routeQueryKey`. */
export function useRouteQuery<N extends QueryRouteName, TData = CallResult<N>>(
  name: N,
  inputs: RouteInputs<N>,
  options?: RouteQueryOptions<N, TData>,
) {
  const { client } = useSession();
  return useQuery(routeQueryOptions(client, name, inputs, options));
}

/** The keys (prefixes, see `routeKey`) a mutation makes stale, from what it was called with and answered. */
export type Invalidates<N extends MutationRouteName> = (variables: RouteVariables<N>, answer: CallResult<N>) => QueryKey[];

export interface RouteMutationOptions<N extends MutationRouteName> {
  invalidates: Invalidates<N>;
  /** Cache updates beside the invalidation (e.g. writing the answer into a cached read). */
  onSuccess?: (answer: CallResult<N>, variables: RouteVariables<N>, queryClient: QueryClient) => void;
}

/** Marks stale every cached read under one of `keys`. */
export function invalidateKeys(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}

/** Calls a route of the contracts' table; on success only the reads named by `invalidates` refetch. */
export function useRouteMutation<N extends MutationRouteName>(name: N, { invalidates, onSuccess }: RouteMutationOptions<N>) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: RouteVariables<N>) => (client.call as (n: RouteName, o: object) => Promise<CallResult<N>>)(name, variables),
    onSuccess: (answer, variables) => {
      onSuccess?.(answer, variables, queryClient);
      return invalidateKeys(queryClient, invalidates(variables, answer));
    },
  });
}
