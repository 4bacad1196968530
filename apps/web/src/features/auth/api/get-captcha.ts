import type { CaptchaResult } from '@drp/domain';
import { request } from '../../../lib/http';

/** Whether sign-in from here needs a captcha now, with a fresh picture when it does. */
export const getCaptcha = () => request<CaptchaResult>('/uaa/captcha', { isLogin: true });
