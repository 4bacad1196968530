import { z } from 'zod';
import { PASSWORD_POLICIES } from '../accounts/password-policy.js';

export const platformConfig = z.object({
  title: z.string(),
  province: z.string(),
  /** The public portal opens at /common/index when the title names the province. */
  portalFirst: z.boolean(),
  passwordPolicy: z.enum(Object.keys(PASSWORD_POLICIES) as [keyof typeof PASSWORD_POLICIES]),
  idleTimeoutMinutes: z.number().int(),
  manualUrl: z.string(),
});
export type PlatformConfig = z.infer<typeof platformConfig>;

export const healthResult = z.object({ status: z.literal('ok') });
