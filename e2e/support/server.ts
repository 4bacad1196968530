import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WEB_CLIENT_ID, WEB_REDIRECT_PATH } from '@drp/domain';

const root = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer {
  baseURL: string;
  /** Stops the process (SIGTERM, as a service manager does) and removes its DATA_DIR. */
  stop(): Promise<void>;
}

/**
 * Starts the built platform exactly as `npm start` runs it (one process, web and API) on a free
 * port and a fresh DATA_DIR, and resolves once /api/health answers. `env` adds to or overrides
 * the environment (DATABASE_URL '' means embedded PGlite in DATA_DIR).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'drp-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // The demo applications would add to-dos and list rows the tests do not expect; the demo
      // data test turns them on.
      SEED_DEMO_PROJECTS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`${baseURL}/api/health`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('server did not become ready in 90 s');
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

// ---------------------------------------------------------------------------------------------
// Talking to a running server the way the web app does, for setting up what a test needs.

interface Envelope<T> {
  code: string;
  message: string;
  detail: T;
}

async function call<T>(
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const res = await fetch(`${baseURL}${url}`, { method, headers, body });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

async function expectOk<T>(what: string, answer: Promise<{ status: number; body: Envelope<T> }>) {
  const { status, body } = await answer;
  if (status !== 200 || body.code !== 'SUCCESS')
    throw new Error(`${what}: HTTP ${status} ${JSON.stringify(body)}`);
  return body.detail;
}

/** The whole sign-in flow (password, PKCE authorization code, token); returns a bearer token. */
export async function apiSignIn(baseURL: string, username: string, password: string): Promise<string> {
  const login = await call(baseURL, 'POST', '/uaa/login', { json: { username, password } });
  if (login.status !== 200) throw new Error(`login ${username}: ${JSON.stringify(login.body)}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('drp_login='));
  if (!cookie) throw new Error(`login ${username}: no sign-in cookie`);
  const verifier = randomBytes(32).toString('base64url');
  const { code } = await expectOk<{ code: string }>(
    'authorize',
    call(baseURL, 'POST', '/uaa/oauth/authorize', {
      headers: { cookie },
      json: {
        response_type: 'code',
        client_id: WEB_CLIENT_ID,
        redirect_uri: WEB_REDIRECT_PATH,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      },
    }),
  );
  const token = await expectOk<{ access_token: string }>(
    'token',
    call(baseURL, 'POST', '/uaa/oauth/token', {
      json: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: WEB_REDIRECT_PATH,
        client_id: WEB_CLIENT_ID,
        code_verifier: verifier,
      },
    }),
  );
  return token.access_token;
}

/** A one-time hand-over code of the token's account: what a `?token=` link carries. */
export async function apiHandoverCode(baseURL: string, token: string): Promise<string> {
  const { code } = await expectOk<{ code: string }>(
    'handover',
    call(baseURL, 'POST', '/uaa/handover', { token }),
  );
  return code;
}

const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

export interface Registration {
  orgType: 'CONSTRUCT' | 'DESIGN' | 'SURVEY' | 'CENSOR';
  name: string;
  /** A valid GB 32100 code no other test uses. */
  creditCode: string;
  username: string;
  password: string;
}

const CERTIFICATE = { qualificationNo: 'A243009876', qualificationValidUntil: '2030-12-31' };
const QUALIFICATION_FOR: Record<Registration['orgType'], Record<string, string>> = {
  CONSTRUCT: {},
  DESIGN: { qualificationType: 'DESIGN_INDUSTRY', qualificationGrade: '甲级', ...CERTIFICATE },
  SURVEY: { qualificationType: 'SURVEY_SPECIALTY', qualificationGrade: '乙级', ...CERTIFICATE },
  CENSOR: { qualificationType: 'REVIEW_AGENCY', qualificationGrade: '一类', ...CERTIFICATE },
};

/** An enterprise applies through the public registration API; returns the application id. */
export async function applyForRegistration(baseURL: string, r: Registration): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([MINIMAL_PDF], { type: 'application/pdf' }), '营业执照.pdf');
  const { fileId } = await expectOk<{ fileId: string }>(
    'licence upload',
    call(baseURL, 'POST', '/api/register/licence', { body: form }),
  );
  const { id } = await expectOk<{ id: string }>(
    'application',
    call(baseURL, 'POST', '/api/register/applications', {
      json: {
        orgType: r.orgType,
        name: r.name,
        creditCode: r.creditCode,
        regionCode: '430111',
        address: '长沙市雨花区韶山中路 88 号',
        legalRepresentative: '唐明',
        contactName: '唐明',
        contactPhone: '13907318888',
        // Design, survey and review work needs a 资质 certificate to register.
        ...QUALIFICATION_FOR[r.orgType],
        licenceFileId: fileId,
        agreementAccepted: true,
        admin: { username: r.username, name: '唐明', phone: '13907318888', password: r.password },
      },
    }),
  );
  return id;
}

/** The system admin approves an application; returns the new organisation's id. */
export async function approveRegistration(
  baseURL: string,
  sysadminToken: string,
  applicationId: string,
): Promise<string> {
  const { orgId } = await expectOk<{ orgId: string }>(
    'approval',
    call(baseURL, 'POST', `/api/admin/org-applications/${applicationId}/approve`, { token: sysadminToken }),
  );
  return orgId;
}
