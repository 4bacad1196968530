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
  // The address the public reaches the platform at: printed in reports' QR codes (their public check).
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be a URL such as https://review.example.cn' })
    .optional(),
  WEB_DIST: z.string().optional(),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be a URL such as http://127.0.0.1:9000' })
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._/-]+$/, { message: 'may hold only letters, digits and . _ - /' })
    .refine((v) => !v.split('/').includes('..'), { message: 'must not contain ..' })
    .optional(),
  // The store holds an upload's parts in memory in proportion to the limit (S3 allows 10,000
  // parts), so the ceiling keeps that to some 50 MiB per upload.
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100 * 1024 ** 3)
    .default(2 * 1024 ** 3),
  // How long an unfinished or never-saved upload is kept before its bytes are swept away.
  UPLOAD_ABANDON_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365 * 10)
    .default(24 * 7),
  // An RFC 3161 timestamp authority: with one, every signature is PAdES B-T (its time vouched for
  // by the TSA), without one B-B (the time the platform wrote). Credentials may sit in the URL.
  TSA_URL: z
    .url({ protocol: /^https?$/, message: 'must be a URL such as http://tsa.example.cn/tsa' })
    .optional(),
  TSA_POLICY_OID: z
    .string()
    .regex(/^[0-2](\.(0|[1-9]\d*))+$/, { message: 'must be an object identifier such as 1.2.156.112562.2.1' })
    .optional(),
});

/** Where uploaded bytes live: a directory, or an S3-compatible bucket. */
export type FileStoreConfig =
  | { driver: 'local'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      /** Both or neither; neither means the SDK's default chain (environment, profile, role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      keyPrefix: string | undefined;
    };

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
  /**
   * The public address (no trailing slash) printed in QR codes of issued documents; when unset, the
   * address the compiling request came to.
   */
  publicUrl: string | undefined;
  webDist: string;
  fileStore: FileStoreConfig;
  /** The most bytes one upload may have; for the document repository. */
  uploadMaxBytes: number;
  /**
   * After this many hours an upload is abandoned: an unfinished one idle that long, or an uploaded
   * file never saved into a folder. Its row and bytes are swept (doc-upload-sweeper).
   */
  uploadAbandonHours: number;
  /** The timestamp authority that makes signatures B-T; none leaves them B-B. */
  timestampAuthority: TimestampAuthorityConfig | undefined;
}

export interface TimestampAuthorityConfig {
  url: string;
  /** The TSA policy asked for; the TSA's default when unset. */
  policy: string | undefined;
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
  const problems = [...fileStoreProblems(e), ...timestampProblems(e)];
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
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
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    fileStore: fileStoreConfig(e, dataDir),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadAbandonHours: e.UPLOAD_ABANDON_HOURS,
    timestampAuthority: e.TSA_URL ? { url: e.TSA_URL, policy: e.TSA_POLICY_OID } : undefined,
  };
}

function fileStoreConfig(e: z.infer<typeof envSchema>, dataDir: string): FileStoreConfig {
  if (e.FILE_STORE === 'local') return { driver: 'local', root: path.join(dataDir, 'files') };
  return {
    driver: 's3',
    // fileStoreProblems has stopped start-up without one.
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Services at an endpoint of their own (MinIO, s3rver) seldom have DNS for bucket.host.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    keyPrefix: e.S3_KEY_PREFIX,
  };
}

/** Variables that are each valid but do not go together. */
function fileStoreProblems(e: z.infer<typeof envSchema>): string[] {
  if (e.FILE_STORE !== 's3') return [];
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required when FILE_STORE=s3');
  // Half a key pair would silently fall back to other credentials than the ones meant.
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(`  ${missing}: required with the other half of the S3 key pair`);
  }
  return problems;
}

function timestampProblems(e: z.infer<typeof envSchema>): string[] {
  // A policy alone would look like a timestamp set up while every signature stays B-B.
  return e.TSA_POLICY_OID && !e.TSA_URL ? ['  TSA_POLICY_OID: only with TSA_URL'] : [];
}
