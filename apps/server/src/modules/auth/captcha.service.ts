import { CAPTCHA_AFTER_FAILURES, type CaptchaResult } from '@drp/domain';
import { AppError } from '../../lib/app-error.js';
import type { AppContext } from '../../lib/app-context.js';
import type { Db } from '../../db/database.js';
import { captchaAnswer, captchaSvg } from './captcha-image.js';
import {
  clearAddressFailures,
  consumeCaptcha,
  countAddressFailures,
  deleteDeadCaptchas,
  insertCaptcha,
  pruneAddressFailures,
  recordAddressFailure,
} from './captcha.repository.js';

/** Long enough to read and type a picture, short enough that a stock of solved ones goes stale. */
export const CAPTCHA_SECONDS = 300;
const DAY_MS = 86_400_000;

const dayBefore = (now: Date) => new Date(now.getTime() - DAY_MS);

async function captchaNeeded(ctx: AppContext, ip: string): Promise<boolean> {
  const now = ctx.clock();
  return (await countAddressFailures(ctx.db, ip, dayBefore(now))) >= CAPTCHA_AFTER_FAILURES;
}

/**
 * Whether sign-in from the address needs a captcha now, with a fresh picture when it does. The
 * answer stays on the server; the caller gets the picture and the id to answer it by.
 */
export async function captchaFor(ctx: AppContext, ip: string): Promise<CaptchaResult> {
  if (!(await captchaNeeded(ctx, ip))) return { required: false, captcha: null };
  const now = ctx.clock();
  const answer = captchaAnswer();
  await deleteDeadCaptchas(ctx.db, now);
  const { id } = await insertCaptcha(ctx.db, {
    ip,
    answer,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CAPTCHA_SECONDS * 1000),
  });
  return { required: true, captcha: { id, svg: captchaSvg(answer), expires_in: CAPTCHA_SECONDS } };
}

/**
 * After two failed sign-ins from an address, a sign-in from there goes on only with the right
 * answer to a captcha handed to that address. The captcha is spent by this try whatever its
 * answer, so each picture buys one try; the server decides, so calling the API directly skips
 * nothing.
 */
export async function requireCaptchaIfNeeded(
  ctx: AppContext,
  input: { ip: string; captchaId?: string | undefined; captchaAnswer?: string | undefined },
) {
  if (!(await captchaNeeded(ctx, input.ip))) return;
  if (!input.captchaId || !input.captchaAnswer) throw new AppError('CAPTCHA_REQUIRED');
  const answer = await consumeCaptcha(ctx.db, { id: input.captchaId, ip: input.ip, now: ctx.clock() });
  if (answer === null || answer.toUpperCase() !== input.captchaAnswer.trim().toUpperCase())
    throw new AppError('CAPTCHA_INVALID');
}

/** Counts a failed sign-in against its address; run in the transaction that records the failure. */
export async function countFailureOfAddress(db: Db, ip: string, now: Date) {
  await pruneAddressFailures(db, dayBefore(now));
  await recordAddressFailure(db, ip, now, dayBefore(now));
}

/** A sign-in that succeeded from the address: the next failures there count from nought. */
export async function forgetFailuresOfAddress(db: Db, ip: string) {
  await clearAddressFailures(db, ip);
}
