import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CreditKind, PortalFooter, PortalLinkGroup } from '@drp/domain';
import type { Db } from '../../db/database.js';
import {
  creditEntries,
  forumTopics,
  portalFiles,
  portalLinks,
  portalSettings,
} from '../../db/schema/portal.js';

/** The one settings row's id. */
const SETTINGS_ID = 1;

export async function listLinks(db: Db) {
  return db
    .select({ id: portalLinks.id, group: portalLinks.group, name: portalLinks.name, url: portalLinks.url })
    .from(portalLinks)
    .orderBy(asc(portalLinks.group), asc(portalLinks.sortOrder));
}

export async function findFooter(db: Db): Promise<PortalFooter | null> {
  const [row] = await db
    .select({ footer: portalSettings.footer })
    .from(portalSettings)
    .where(eq(portalSettings.id, SETTINGS_ID));
  return row?.footer ?? null;
}

/** Replaces every link: the new lists in their order (run it in the save's transaction). */
export async function replaceLinks(
  db: Db,
  links: { group: PortalLinkGroup; name: string; url: string; sortOrder: number }[],
) {
  await db.delete(portalLinks);
  if (links.length > 0) await db.insert(portalLinks).values(links);
}

export async function saveFooter(db: Db, footer: PortalFooter, updatedBy: string | null, updatedAt: Date) {
  await db
    .insert(portalSettings)
    .values({ id: SETTINGS_ID, footer, updatedBy, updatedAt })
    .onConflictDoUpdate({ target: portalSettings.id, set: { footer, updatedBy, updatedAt } });
}

/**
 * The newest published entries of the province's own list of one kind (the home page's
 * commendations and criticisms), read here so the home page does not depend on the credit module.
 */
export async function listLatestProvinceCredit(db: Db, kind: CreditKind, limit: number) {
  return db
    .select()
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.scope, 'PROVINCE'),
        eq(creditEntries.kind, kind),
        eq(creditEntries.published, true),
        isNull(creditEntries.deletedAt),
      ),
    )
    .orderBy(desc(creditEntries.issuedOn), desc(creditEntries.createdAt), desc(creditEntries.id))
    .limit(limit);
}

/** The decision documents of these credit entries. */
export async function listCreditDocumentsOf(db: Db, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db
    .select()
    .from(portalFiles)
    .where(inArray(portalFiles.creditEntryId, entryIds))
    .orderBy(asc(portalFiles.createdAt));
}

/** The newest topics the public may see. */
export async function listLatestForumTopics(db: Db, limit: number) {
  return db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      replyCount: forumTopics.replyCount,
      createdAt: forumTopics.createdAt,
    })
    .from(forumTopics)
    .where(eq(forumTopics.hidden, false))
    .orderBy(desc(forumTopics.createdAt), desc(forumTopics.id))
    .limit(limit);
}
