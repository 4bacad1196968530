import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@drp/domain';
import { request } from '../../../lib/http';

export const changePassword = (body: ChangePasswordRequest) =>
  request<null>('/api/admin/account/password', { method: 'POST', body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
