'use client';

import { useQuery } from '@tanstack/react-query';
import type { User } from '@/lib/api/users';

/** Who is signed in (GET /api/me), once per page load: the sidebar shows admins the usage page. */
export function useCurrentUser(): User | undefined {
  const { data } = useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      const response = await fetch('/api/me');
      return response.ok ? ((await response.json()) as User) : null;
    },
    staleTime: Infinity,
    retry: false,
  });
  return data ?? undefined;
}
