import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { PrincipalMember } from '@drp/domain';
import type { AppContext } from '../../lib/app-context.js';
import type { AuditActor } from '../../modules/audit/audit.service.js';
import {
  issueOperationCode,
  receiveUpload,
  saveUploadedFile,
} from '../../modules/doc-repository/doc-uploads.service.js';
import { accounts, memberProfiles, members } from '../schema/accounts.js';
import { orgs } from '../schema/orgs.js';
import { DEMO_ORGS } from './demo-seed.js';

/** One demo person acting for their organisation: the membership as sign-in loads it, and the audit actor. */
export interface Actor {
  orgId: string;
  accountId: string;
  member: PrincipalMember;
  audit: AuditActor;
}

/**
 * The demo account `username` acting in the demo organisation `orgKey`, with the admin flag and
 * profiles its membership really holds: a use case then allows or refuses exactly what the API
 * would for that person.
 */
export async function actorOf(ctx: AppContext, orgKey: string, username: string): Promise<Actor> {
  const name = DEMO_ORGS.find((o) => o.key === orgKey)!.name;
  const [row] = await ctx.db
    .select({
      orgId: orgs.id,
      orgType: orgs.orgType,
      accountId: accounts.id,
      memberId: members.id,
      admin: members.admin,
    })
    .from(members)
    .innerJoin(orgs, eq(orgs.id, members.orgId))
    .innerJoin(accounts, eq(accounts.id, members.accountId))
    .where(and(eq(orgs.name, name), eq(accounts.username, username)));
  if (!row) throw new Error(`demo ${orgKey}/${username} missing: seed the demo orgs first`);
  const profiles = await ctx.db
    .select({ profile: memberProfiles.profile })
    .from(memberProfiles)
    .where(eq(memberProfiles.memberId, row.memberId));
  return {
    orgId: row.orgId,
    accountId: row.accountId,
    member: {
      orgId: row.orgId,
      orgType: row.orgType,
      admin: row.admin,
      profiles: profiles.map((p) => p.profile),
      accountId: row.accountId,
    },
    audit: { accountId: row.accountId, username, orgId: row.orgId, ip: '127.0.0.1' },
  };
}

/**
 * A one-page PDF naming what it stands for: the demo's drawing sets and reports are placeholders
 * of real ones, small enough for the seed, and open in the viewers like any upload.
 */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 60 760 Td (${text}) Tj 0 -28 Td /F1 11 Tf (Demo material of the digital drawing review platform) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 842 595] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** Uploads one file into a folder of a version as the upload screen does: code, bytes, save. */
export async function uploadDemoFile(
  ctx: AppContext,
  actor: Actor,
  place: { projectId: string; versionId: string; folderId: string },
  name: string,
  bytes: Buffer,
) {
  const { operationCode } = await issueOperationCode(ctx, {
    member: actor.member,
    accountId: actor.accountId,
    ...place,
  });
  await receiveUpload(ctx, { operationCode, fileName: name, body: Readable.from(bytes) });
  return saveUploadedFile(ctx, {
    member: actor.member,
    projectId: place.projectId,
    operationCode,
    audit: actor.audit,
  });
}
