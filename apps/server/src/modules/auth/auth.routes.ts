import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  authorizeRequest,
  authorizeResult,
  envelopeOf,
  handoverResult,
  handoverTokenRequest,
  loginRequest,
  loginResult,
  tokenRequest,
  tokenResult,
} from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { bearerToken } from './auth-plugin.js';
import { auditActorOf } from '../audit/audit.service.js';
import {
  LOGIN_TICKET_SECONDS,
  authorizeWithTicket,
  createLoginTicket,
  exchangeAuthorizationCode,
  exchangeHandoverCode,
  issueHandoverCode,
  signIn,
  signOut,
  type UnknownUsernameAnswer,
} from './auth.service.js';

const LOGIN_COOKIE = 'drp_login';

function setLoginCookie(request: FastifyRequest, reply: FastifyReply, value: string) {
  reply.setCookie(LOGIN_COOKIE, value, {
    path: '/uaa',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: LOGIN_TICKET_SECONDS,
  });
}

function parseOrFail<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const reason = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  throw new AppError('VALIDATION_FAILED', { reason });
}

const loginRateLimit = { max: LIMITS.loginRateLimitPerMinute, timeWindow: 60_000 };

export interface AuthRoutesOptions {
  /** What sign-in answers for a username no account has (registration's applicants). */
  answerUnknownUsername: UnknownUsernameAnswer;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/uaa/login',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Check username and password; sets the sign-in cookie for /uaa/oauth/authorize',
        description:
          'Credentials are read from the form or JSON body; the query string is accepted for legacy clients (spec §7) but is never logged.',
        // A legacy POST with credentials in the query string has no body at all (null).
        body: loginRequest.partial().nullish(),
        querystring: loginRequest.partial(),
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request, reply) => {
      const credentials = parseOrFail(loginRequest, { ...request.query, ...(request.body ?? {}) });
      const { account, passwordExpiresInDays } = await signIn(
        app.ctx,
        { ...credentials, ip: request.ip },
        options.answerUnknownUsername,
      );
      setLoginCookie(request, reply, await createLoginTicket(app.ctx, account.id));
      return ok(request, { username: account.username, passwordExpiresInDays });
    },
  );

  app.post(
    '/uaa/oauth/authorize',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Issue a one-time authorization code (PKCE S256, valid 10 minutes) to the signed-in user',
        description:
          'Spends the single-use sign-in ticket of the drp_login cookie; a second call with it, or one after a logout or password change, answers 401 LOGIN_REQUIRED.',
        body: authorizeRequest,
        response: { 200: envelopeOf(authorizeResult) },
      },
    },
    async (request, reply) => {
      const result = await authorizeWithTicket(app.ctx, request.cookies[LOGIN_COOKIE], request.body);
      // One sign-in, one authorization: the ticket is spent on the server; the browser drops it too.
      reply.clearCookie(LOGIN_COOKIE, { path: '/uaa' });
      return ok(request, result);
    },
  );

  app.post(
    '/uaa/oauth/token',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange an authorization code and its PKCE verifier for a bearer access token',
        body: tokenRequest,
        response: { 200: envelopeOf(tokenResult) },
      },
    },
    async (request, reply) => {
      const result = await exchangeAuthorizationCode(app.ctx, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store');
      return ok(request, result);
    },
  );

  app.post(
    '/uaa/handover',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'A one-time hand-over code (valid 2 minutes) that signs another tab or browser in',
        description:
          'The code is what a `?token=` link carries; POST /uaa/handover/token exchanges it once for a new session of the caller’s account.',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(handoverResult) },
      },
    },
    async (request, reply) => {
      const result = await issueHandoverCode(app.ctx, request.auth!);
      reply.header('cache-control', 'no-store');
      return ok(request, result);
    },
  );

  app.post(
    '/uaa/handover/token',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a hand-over code for a new bearer session (single use)',
        description:
          'A bearer token, or a code that is unknown, expired or already used, answers 400 HANDOVER_CODE_INVALID and signs nobody in.',
        body: handoverTokenRequest,
        response: { 200: envelopeOf(tokenResult) },
      },
    },
    async (request, reply) => {
      const result = await exchangeHandoverCode(app.ctx, request.body.code, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.header('cache-control', 'no-store');
      return ok(request, result);
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await signOut(app.ctx, {
      token: bearerToken(request),
      loginTicket: request.cookies[LOGIN_COOKIE],
      actor: auditActorOf(request),
    });
    reply.clearCookie(LOGIN_COOKIE, { path: '/uaa' });
    return ok(request, null);
  };
  const logoutSchema = {
    tags: ['auth'],
    summary:
      'Revoke the bearer token (afterwards it answers 401) and spend the account’s sign-in tickets, hand-over codes and unredeemed authorization codes',
    response: { 200: envelopeOf(z.null()) },
  };
  app.get('/uaa/logout', { schema: logoutSchema }, logout);
  app.get('/api/logout', { schema: logoutSchema }, logout);
};
