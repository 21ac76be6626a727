/**
 * The TanStack Query client (spec part 1 section 7): no retries, no refetch on focus or
 * interval, data never stale unless a query says otherwise.
 *
 * Default query function: the query key is `[path]` or `[path, params]`, so
 * `useQuery({ queryKey: ['/api/audits'] })` GETs /api/audits, and invalidating
 * `['/api/products']` refreshes every products query whatever its params.
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { api, type QueryParams } from './api';

const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => {
  const [path, params] = queryKey as [string, QueryParams | undefined];
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`Query key must start with an API path, got ${JSON.stringify(queryKey)}`);
  }
  return api.get(path, params, { signal });
};

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
