import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDetail } from '@drp/domain';
import { request } from '../../../lib/http';

export const getAccount = () => request<AccountDetail>('/api/admin/account');

export const accountQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['account', token],
    queryFn: getAccount,
    enabled: Boolean(token),
    staleTime: 60_000,
    retry: false,
  });

export const useAccount = (token: string | null) => useQuery(accountQuery(token));
