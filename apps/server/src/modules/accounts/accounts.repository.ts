import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { accounts } from '../../db/schema/accounts.js';

export async function updatePasswordHash(db: Db, accountId: string, passwordHash: string, at: Date) {
  await db
    .update(accounts)
    .set({ passwordHash, passwordChangedAt: at, passwordMustChange: false })
    .where(eq(accounts.id, accountId));
}
