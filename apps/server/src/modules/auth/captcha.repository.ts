import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { signInAddressFailures, signInCaptchas } from '../../db/schema/auth.js';

/** Failed sign-ins from the address since its last success, counting only the last day's. */
export async function countAddressFailures(db: Db, ip: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: signInAddressFailures.failedAttempts })
    .from(signInAddressFailures)
    .where(and(eq(signInAddressFailures.ip, ip), gt(signInAddressFailures.lastFailedAt, since)))
    .limit(1);
  return row?.n ?? 0;
}

/** One more failure from the address, in one statement so concurrent tries all count. */
export async function recordAddressFailure(db: Db, ip: string, now: Date, since: Date) {
  await db
    .insert(signInAddressFailures)
    .values({ ip, failedAttempts: 1, lastFailedAt: now })
    .onConflictDoUpdate({
      target: signInAddressFailures.ip,
      set: {
        // A count whose last failure is a day old starts again.
        failedAttempts: sql`case when ${signInAddressFailures.lastFailedAt} > ${since.toISOString()}::timestamptz then ${signInAddressFailures.failedAttempts} + 1 else 1 end`,
        lastFailedAt: now,
      },
    });
}

export async function clearAddressFailures(db: Db, ip: string) {
  await db.delete(signInAddressFailures).where(eq(signInAddressFailures.ip, ip));
}

export async function pruneAddressFailures(db: Db, before: Date) {
  await db.delete(signInAddressFailures).where(lt(signInAddressFailures.lastFailedAt, before));
}

export async function insertCaptcha(
  db: Db,
  row: { ip: string; answer: string; createdAt: Date; expiresAt: Date },
) {
  const [captcha] = await db.insert(signInCaptchas).values(row).returning({ id: signInCaptchas.id });
  return captcha!;
}

export async function deleteDeadCaptchas(db: Db, now: Date) {
  await db.delete(signInCaptchas).where(lt(signInCaptchas.expiresAt, now));
}

/**
 * Spends the address's captcha, right answer or not, and returns its answer: a second try at the
 * same picture finds nothing. Another address's captcha is not this one's to answer.
 */
export async function consumeCaptcha(db: Db, input: { id: string; ip: string; now: Date }) {
  const [row] = await db
    .update(signInCaptchas)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(signInCaptchas.id, input.id),
        eq(signInCaptchas.ip, input.ip),
        isNull(signInCaptchas.usedAt),
        gt(signInCaptchas.expiresAt, input.now),
      ),
    )
    .returning({ answer: signInCaptchas.answer });
  return row?.answer ?? null;
}
