import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_POLICIES, type PasswordPolicyName } from '@drp/domain';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must start with postgres:// or postgresql://' })
    .optional(),
  SEED_DEMO: bool.default(true),
  SEED_DEMO_PROJECTS: bool.default(true),
  PLATFORM_TITLE: z.string().min(1).default('湖南省施工图数字化审查平台'),
  PROVINCE: z.string().min(1).default('湖南省'),
  PASSWORD_POLICY: z.enum(Object.keys(PASSWORD_POLICIES) as [PasswordPolicyName]).default('djcp'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** With the demo orgs, also the demo applications (a draft, a submitted one, a passed one). */
  seedDemoProjects: boolean;
  platformTitle: string;
  province: string;
  passwordPolicy: PasswordPolicyName;
  idleTimeoutMinutes: number;
  tokenTtlHours: number;
  authSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
}

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

/** Reads the environment once; a bad value stops start-up with a list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    seedDemoProjects: e.SEED_DEMO_PROJECTS,
    platformTitle: e.PLATFORM_TITLE,
    province: e.PROVINCE,
    passwordPolicy: e.PASSWORD_POLICY,
    idleTimeoutMinutes: e.SESSION_IDLE_MINUTES,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    authSecret: e.AUTH_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
  };
}
