import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orgs } from '../../db/schema/orgs.js';
import { surveyInfos } from '../../db/schema/survey-infos.js';

export type SurveyInfoRow = typeof surveyInfos.$inferSelect;
export type SurveyInfoInsert = typeof surveyInfos.$inferInsert;

/** One survey unit's information for one application, with the unit's name. */
export async function findSurveyInfo(db: Db, projectId: string, orgId: string) {
  const [row] = await db
    .select({ info: surveyInfos, orgName: orgs.name })
    .from(surveyInfos)
    .innerJoin(orgs, eq(orgs.id, surveyInfos.orgId))
    .where(and(eq(surveyInfos.projectId, projectId), eq(surveyInfos.orgId, orgId)));
  return row ?? null;
}

export async function findSurveyInfoById(db: Db, id: string) {
  const [row] = await db.select().from(surveyInfos).where(eq(surveyInfos.id, id));
  return row ?? null;
}

export async function insertSurveyInfo(db: Db, row: SurveyInfoInsert) {
  const [inserted] = await db.insert(surveyInfos).values(row).returning();
  return inserted!;
}

export async function updateSurveyInfo(db: Db, id: string, patch: Partial<SurveyInfoInsert>) {
  await db.update(surveyInfos).set(patch).where(eq(surveyInfos.id, id));
}

/** The submitted information of an application, and `draftOf`'s draft too, by unit name. */
export async function listSurveyInfosOfProject(db: Db, projectId: string, draftOf: string | null) {
  return db
    .select({ info: surveyInfos, orgName: orgs.name })
    .from(surveyInfos)
    .innerJoin(orgs, eq(orgs.id, surveyInfos.orgId))
    .where(
      and(
        eq(surveyInfos.projectId, projectId),
        or(eq(surveyInfos.status, 'SUBMITTED'), draftOf ? eq(surveyInfos.orgId, draftOf) : undefined),
      ),
    )
    .orderBy(asc(orgs.name), asc(surveyInfos.createdAt));
}
