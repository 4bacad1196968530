import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  authorizeRequest,
  authorizeResult,
  captchaResult,
  envelopeOf,
  handoverResult,
  handoverTokenRequest,
  loginInput,
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
import { captchaFor } from './captcha.service.js';
import { describeRoute } from '../../lib/route-docs.js';

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
        ...describeRoute({
          zh: '校验用户名和密码；设置供 /uaa/oauth/authorize 使用的登录 Cookie',
          en: 'Check username and password; sets the sign-in cookie for /uaa/oauth/authorize',
          errors: [
            'LOGIN_FAILED',
            'ACCOUNT_LOCKED',
            'ACCOUNT_DISABLED',
            'APPLICATION_PENDING',
            'APPLICATION_REJECTED',
            'RATE_LIMITED',
            'CAPTCHA_REQUIRED',
            'CAPTCHA_INVALID',
          ],
        }),
        description:
          'Credentials are read from the form or JSON body; the query string is accepted for legacy clients (spec §7) but is never logged.',
        // A legacy POST with credentials in the query string has no body at all (null).
        body: loginInput.partial().nullish(),
        querystring: loginInput.partial(),
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request, reply) => {
      const credentials = parseOrFail(loginInput, { ...request.query, ...(request.body ?? {}) });
      const { account, passwordExpiresInDays } = await signIn(
        app.ctx,
        { ...credentials, ip: request.ip },
        options.answerUnknownUsername,
      );
      setLoginCookie(request, reply, await createLoginTicket(app.ctx, account.id));
      return ok(request, { username: account.username, passwordExpiresInDays });
    },
  );

  app.get(
    '/uaa/captcha',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        ...describeRoute({
          zh: '本地址登录是否需要图形验证码；需要时给出一张新图片',
          en: 'Whether sign-in from this address needs a captcha, with a new picture when it does',
          errors: ['RATE_LIMITED'],
        }),
        description:
          'After two failed sign-ins from an address, POST /uaa/login from there answers 428 CAPTCHA_REQUIRED without captchaId and captchaAnswer, and 400 CAPTCHA_INVALID for a wrong, expired, reused or other address’s captcha. Each captcha is spent by one sign-in.',
        response: { 200: envelopeOf(captchaResult) },
      },
    },
    async (request, reply) => {
      const result = await captchaFor(app.ctx, request.ip);
      reply.header('cache-control', 'no-store');
      return ok(request, result);
    },
  );

  app.post(
    '/uaa/oauth/authorize',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['auth'],
        ...describeRoute({
          zh: '向已登录用户签发一次性授权码（PKCE S256，10 分钟有效）',
          en: 'Issue a one-time authorization code (PKCE S256, valid 10 minutes) to the signed-in user',
          errors: ['LOGIN_REQUIRED', 'INVALID_CLIENT', 'INVALID_GRANT', 'RATE_LIMITED'],
        }),
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
        ...describeRoute({
          zh: '用授权码和 PKCE verifier 换取访问令牌',
          en: 'Exchange an authorization code and its PKCE verifier for a bearer access token',
          errors: ['INVALID_CLIENT', 'INVALID_GRANT', 'UNSUPPORTED_GRANT_TYPE', 'RATE_LIMITED'],
        }),
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
        ...describeRoute({
          zh: '签发一次性交接码（2 分钟有效），用于在另一标签页或浏览器登录',
          en: 'A one-time hand-over code (valid 2 minutes) that signs another tab or browser in',
        }),
        description:
          'The code is what a `?token=` link carries; POST /uaa/handover/token exchanges it once for a new session of the caller’s account.',
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
        ...describeRoute({
          zh: '用交接码换取新的登录会话（仅可使用一次）',
          en: 'Exchange a hand-over code for a new bearer session (single use)',
          errors: ['HANDOVER_CODE_INVALID', 'RATE_LIMITED'],
        }),
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
    ...describeRoute({
      zh: '注销访问令牌（之后再用答 401），并作废该账号的登录票据、交接码和未兑换的授权码',
      en: 'Revoke the bearer token (afterwards it answers 401) and spend the account’s sign-in tickets, hand-over codes and unredeemed authorization codes',
    }),
    response: { 200: envelopeOf(z.null()) },
  };
  app.get('/uaa/logout', { schema: logoutSchema }, logout);
  app.get('/api/logout', { schema: logoutSchema }, logout);
};
