import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { signingIdentities } from '../../db/schema/signatures.js';

export type SigningIdentityRow = typeof signingIdentities.$inferSelect;
export type NewSigningIdentity = typeof signingIdentities.$inferInsert;

export async function findSigningIdentity(db: Db, ownerKey: string): Promise<SigningIdentityRow | undefined> {
  const [row] = await db.select().from(signingIdentities).where(eq(signingIdentities.ownerKey, ownerKey));
  return row;
}

/**
 * Inserts unless another instance issued the same owner's identity first; either way returns the
 * one that is kept, so two instances never sign with different keys for one signer.
 */
export async function insertSigningIdentity(db: Db, row: NewSigningIdentity): Promise<SigningIdentityRow> {
  await db.insert(signingIdentities).values(row).onConflictDoNothing({ target: signingIdentities.ownerKey });
  const kept = await findSigningIdentity(db, row.ownerKey);
  if (!kept) throw new Error(`signing identity ${row.ownerKey} vanished`);
  return kept;
}
