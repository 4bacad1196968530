import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@drp/domain';
import { request } from '../../../lib/http';

/** 忘记密码: asks the organisation's admins for a one-time password; the answer is the same for any name. */
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  request<null>('/uaa/forgot-password', { method: 'POST', body, isLogin: true });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
