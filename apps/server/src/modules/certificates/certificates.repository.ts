import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.js';
import { accounts, members } from '../../db/schema/accounts.js';
import { buildings } from '../../db/schema/buildings.js';
import { certificates } from '../../db/schema/certificates.js';
import { projectAlterBuildings } from '../../db/schema/project-alters.js';
import { missions } from '../../db/schema/missions.js';
import { orgs } from '../../db/schema/orgs.js';
import { projects } from '../../db/schema/projects.js';
import { opinionReports } from '../../db/schema/reports.js';

/* The certificate of passing review (issue 21): one row per application and agency. */

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateInsert = typeof certificates.$inferInsert;

const compiler = alias(accounts, 'compiler');
const issuer = alias(accounts, 'issuer');
const revoker = alias(accounts, 'revoker');
const successor = alias(certificates, 'successor');

function selectCertificates(db: Db) {
  return db
    .select({
      certificate: certificates,
      compiledByName: compiler.name,
      issuedByName: issuer.name,
      revokedByName: revoker.name,
      supersededByNo: successor.certificateNo,
    })
    .from(certificates)
    .innerJoin(compiler, eq(compiler.id, certificates.compiledBy))
    .leftJoin(issuer, eq(issuer.id, certificates.issuedBy))
    .leftJoin(revoker, eq(revoker.id, certificates.revokedBy))
    .leftJoin(successor, eq(successor.id, certificates.supersededBy))
    .$dynamic();
}
export type CertificateWithNames = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** The application's certificates; `issuedOnly` for the units (an issued one stays listed when superseded). */
export async function listCertificates(db: Db, projectId: string, options: { issuedOnly: boolean }) {
  return selectCertificates(db)
    .where(
      and(
        eq(certificates.projectId, projectId),
        options.issuedOnly ? inArray(certificates.status, ['ISSUED', 'SUPERSEDED', 'REVOKED']) : undefined,
      ),
    )
    .orderBy(asc(certificates.createdAt));
}

export async function findCertificate(
  db: Db,
  projectId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = selectCertificates(db).where(
    and(eq(certificates.id, id), eq(certificates.projectId, projectId)),
  );
  const [row] = options.lock ? await query.for('update', { of: certificates }) : await query;
  return row ?? null;
}

/** The agency's certificate of the application, held for a change when `lock`. */
export async function findCertificateOfProject(
  db: Db,
  projectId: string,
  censorOrgId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(certificates)
    .where(and(eq(certificates.projectId, projectId), eq(certificates.censorOrgId, censorOrgId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findCertificateById(db: Db, id: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** A first compilation, unless another director's came first (the unique index): then null. */
export async function insertCertificate(db: Db, row: CertificateInsert) {
  const [inserted] = await db.insert(certificates).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateCertificate(db: Db, id: string, patch: Partial<CertificateInsert>) {
  await db.update(certificates).set(patch).where(eq(certificates.id, id));
}

/**
 * Stores a build's result if the certificate is still at that build and building: a build of an
 * older compilation changes nothing. Answers whether it was stored.
 */
export async function finishCertificateBuild(
  db: Db,
  id: string,
  build: number,
  patch: Pick<
    CertificateInsert,
    'status' | 'fileKey' | 'fileSize' | 'filePages' | 'fileSha256' | 'failure' | 'updatedAt'
  >,
) {
  const rows = await db
    .update(certificates)
    .set(patch)
    .where(and(eq(certificates.id, id), eq(certificates.build, build), eq(certificates.status, 'BUILDING')))
    .returning({ id: certificates.id });
  return rows.length > 0;
}

/** The agency's forwarded reports of the application, first round first: what the certificate sums up. */
export async function listForwardedReports(db: Db, projectId: string, censorOrgId: string) {
  return db
    .select()
    .from(opinionReports)
    .where(
      and(
        eq(opinionReports.projectId, projectId),
        eq(opinionReports.censorOrgId, censorOrgId),
        eq(opinionReports.status, 'FORWARDED'),
      ),
    )
    .orderBy(asc(opinionReports.round));
}

/**
 * Everyone who reviewed the application for the agency, in any round, once per specialty, with
 * the registration they hold in the agency (注册类型 and number, where recorded).
 */
export async function listCertificateReviewers(db: Db, projectId: string, censorOrgId: string) {
  return db
    .selectDistinct({
      specialty: missions.specialty,
      accountId: accounts.id,
      name: accounts.name,
      registrationType: members.registrationType,
      registrationNo: members.registrationNo,
    })
    .from(missions)
    .innerJoin(accounts, eq(accounts.id, missions.reviewerAccountId))
    .leftJoin(members, and(eq(members.accountId, missions.reviewerAccountId), eq(members.orgId, censorOrgId)))
    .where(and(eq(missions.projectId, projectId), eq(missions.censorOrgId, censorOrgId)))
    .orderBy(asc(missions.specialty), asc(accounts.name));
}

/** The public check: a certificate by its number, with the names a citizen may read. */
export async function findCertificateByNo(db: Db, certificateNo: string) {
  const [row] = await db
    .select({ certificate: certificates, agencyName: orgs.name })
    .from(certificates)
    .innerJoin(orgs, eq(orgs.id, certificates.censorOrgId))
    .where(eq(certificates.certificateNo, certificateNo));
  return row ?? null;
}

/** An issued certificate whose current file has this SHA-256: a presented copy is genuine. */
export async function findIssuedCertificateBySha256(db: Db, sha256: string) {
  const [row] = await db
    .select({ certificateNo: certificates.certificateNo, projectName: projects.name })
    .from(certificates)
    .innerJoin(projects, eq(projects.id, certificates.projectId))
    .where(and(eq(certificates.fileSha256, sha256), eq(certificates.status, 'ISSUED')));
  return row ?? null;
}

/** Who signed a certificate, with their signing certificates' serials (the public check lists them). */
export async function listCertificateSigners(db: Db, certificateId: string) {
  const result: unknown = await db.execute(sql`
    select t.role, t.step, t.slot, coalesce(a.name, o.name) as "name", i.serial
    from signing_tasks t
    left join accounts a on a.id = t.signer_account_id and t.role <> 'AGENCY'
    join orgs o on o.id = t.censor_org_id
    left join signing_identities i on i.id = t.identity_id
    where t.document_id = ${certificateId} and t.signed_at is not null
    order by t.step, t.slot`);
  return (result as { rows: { role: string; name: string; serial: string | null }[] }).rows;
}

/**
 * The issued certificates a change application's replaces: those of the applications whose passed
 * buildings the change changes (project_alter_buildings), held for the change.
 */
export async function listReplacedCertificates(db: Db, alterProjectId: string) {
  return db
    .select({
      id: certificates.id,
      projectId: certificates.projectId,
      certificateNo: certificates.certificateNo,
    })
    .from(certificates)
    .where(
      and(
        eq(certificates.status, 'ISSUED'),
        inArray(
          certificates.projectId,
          db
            .selectDistinct({ projectId: buildings.projectId })
            .from(projectAlterBuildings)
            .innerJoin(buildings, eq(buildings.id, projectAlterBuildings.sourceBuildingId))
            .where(eq(projectAlterBuildings.projectId, alterProjectId)),
        ),
      ),
    )
    .for('update');
}

/** The public check: the number of the certificate that replaced this one. */
export async function findCertificateNo(db: Db, id: string) {
  const [row] = await db
    .select({ certificateNo: certificates.certificateNo })
    .from(certificates)
    .where(eq(certificates.id, id));
  return row?.certificateNo ?? null;
}
