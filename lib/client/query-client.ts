import { QueryClient } from '@tanstack/react-query';

let browserClient: QueryClient | undefined;

/** One client in the browser, shared with code outside React (the stream runner); a fresh one per server render. */
export function getQueryClient(): QueryClient {
  const make = () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } });
  if (typeof window === 'undefined') return make();
  return (browserClient ??= make());
}
