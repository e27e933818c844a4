import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewShareBody, ShareSummary } from '@/lib/api/shares';
import { api } from '../api';
import { getQueryClient } from '../query-client';

const KEY = ['shares'] as const;

/** The caller's own shares (the list the dialog and the Shares page show). */
export function useShares(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: async () => (await api.listShares()).shares, enabled });
}

const refresh = () => getQueryClient().invalidateQueries({ queryKey: KEY });

/** Makes a share; the list shows it once made. */
export function useCreateShare() {
  return useMutation({ mutationFn: (body: NewShareBody) => api.createShare(body), onSuccess: refresh });
}

/** Revokes a share: its link is a 404 from then on, and the list marks it. */
export function useRevokeShare() {
  return useMutation({
    mutationFn: (share: Pick<ShareSummary, 'id'>) => api.revokeShare(share.id),
    onSettled: refresh,
  });
}
