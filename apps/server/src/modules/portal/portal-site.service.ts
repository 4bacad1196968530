import type { z } from 'zod';
import {
  PORTAL_CATEGORY_KEYS,
  PORTAL_LIMITS,
  PORTAL_LINK_GROUP_KEYS,
  type CreditEntry,
  type CreditKind,
  type PortalFooter,
  type PortalHome,
  type PortalSite,
  type saveSiteRequest,
} from '@drp/domain';
import { inTransaction, type Db } from '../../db/database.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { listBannerArticles, listLatestPerCategory } from './portal-articles.repository.js';
import { presentSummary } from './portal-articles.service.js';
import { presentAttachment, publicFileUrl } from './portal-files.service.js';
import {
  findFooter,
  listCreditDocumentsOf,
  listLatestForumTopics,
  listLatestProvinceCredit,
  listLinks,
  replaceLinks,
  saveFooter,
} from './portal-site.repository.js';

/** What the footer shows before staff first save it: nothing rather than made-up contacts. */
const EMPTY_FOOTER: PortalFooter = { sponsor: '', operator: '', contact: '', icp: '' };

const groupOrder = (group: string) => PORTAL_LINK_GROUP_KEYS.indexOf(group as never);

async function readSite(db: Db): Promise<PortalSite> {
  const [links, footer] = await Promise.all([listLinks(db), findFooter(db)]);
  // Groups in the order the contract lists them (friendly links first), links in staff's order.
  const ordered = links
    .map((link, index) => ({ link, index }))
    .sort((a, b) => groupOrder(a.link.group) - groupOrder(b.link.group) || a.index - b.index)
    .map(({ link }) => link);
  return { links: ordered, footer: { ...EMPTY_FOOTER, ...footer } };
}

/** `GET /api/portal/site` and its staff twin: the links and the footer around every page. */
export const getPortalSite = (ctx: AppContext) => readSite(ctx.db);

/**
 * Replaces every link list and the footer in one transaction, so a reader never sees half of a
 * save. The history records the links added and removed by name and the footer lines changed.
 */
export async function savePortalSite(
  ctx: AppContext,
  input: { request: z.output<typeof saveSiteRequest>; audit: AuditActor },
): Promise<PortalSite> {
  const { links, footer } = input.request;
  for (const group of PORTAL_LINK_GROUP_KEYS)
    if (links.filter((l) => l.group === group).length > PORTAL_LIMITS.linksPerGroupMax)
      throw new AppError('PORTAL_LINKS_PER_GROUP', { max: PORTAL_LIMITS.linksPerGroupMax });
  return inTransaction(ctx.db, async (tx) => {
    const before = await readSite(tx);
    const counters = new Map<string, number>();
    await replaceLinks(
      tx,
      links.map((link) => {
        const sortOrder = counters.get(link.group) ?? 0;
        counters.set(link.group, sortOrder + 1);
        return { group: link.group, name: link.name, url: link.url, sortOrder };
      }),
    );
    const now = ctx.clock();
    await saveFooter(tx, footer, input.audit.accountId, now);
    const label = (l: { group: string; name: string; url: string }) => `${l.group} ${l.name} ${l.url}`;
    const beforeLabels = new Set(before.links.map(label));
    const afterLabels = new Set(links.map(label));
    await recordAudit(tx, now, {
      action: 'PORTAL_SITE_UPDATED',
      actor: input.audit,
      target: { type: 'portalSite', id: 'site' },
      detail: {
        linksAdded: [...afterLabels].filter((l) => !beforeLabels.has(l)),
        linksRemoved: [...beforeLabels].filter((l) => !afterLabels.has(l)),
        footerChanged: (Object.keys(footer) as (keyof PortalFooter)[]).filter(
          (k) => before.footer[k] !== footer[k],
        ),
      },
    });
    return readSite(tx);
  });
}

async function latestCredit(db: Db, kind: CreditKind): Promise<CreditEntry[]> {
  const entries = await listLatestProvinceCredit(db, kind, PORTAL_LIMITS.homeItemsPerCategory);
  const documents = await listCreditDocumentsOf(
    db,
    entries.map((e) => e.id),
  );
  return entries.map((e) => {
    const document = documents.find((d) => d.creditEntryId === e.id);
    return {
      id: e.id,
      kind: e.kind,
      scope: e.scope,
      orgName: e.orgName,
      creditCode: e.creditCode,
      reason: e.reason,
      issuer: e.issuer,
      issuedOn: e.issuedOn,
      documentNo: e.documentNo,
      document: document ? presentAttachment(document, publicFileUrl) : null,
    };
  });
}

/**
 * `GET /api/portal/home`: the banner, the newest items of every category (an empty list for a
 * category with none, so the page keeps its layout), the province's latest commendations and
 * criticisms, and the newest forum topics.
 */
export async function getPortalHome(ctx: AppContext): Promise<PortalHome> {
  const [banner, latest, commendations, criticisms, forum] = await Promise.all([
    listBannerArticles(ctx.db, PORTAL_LIMITS.bannerItems),
    listLatestPerCategory(ctx.db, PORTAL_LIMITS.homeItemsPerCategory),
    latestCredit(ctx.db, 'COMMENDATION'),
    latestCredit(ctx.db, 'CRITICISM'),
    listLatestForumTopics(ctx.db, PORTAL_LIMITS.homeItemsPerCategory),
  ]);
  return {
    banner: banner.map((row) => presentSummary(row)),
    latest: PORTAL_CATEGORY_KEYS.map((category) => ({
      category,
      items: latest.filter((row) => row.category === category).map((row) => presentSummary(row)),
    })),
    commendations,
    criticisms,
    forum: forum.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
  };
}
