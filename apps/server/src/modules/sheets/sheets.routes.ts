import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIMITS,
  SHEET_LIMITS,
  TILE_BATCH_TYPE,
  envelopeOf,
  sheetInfo,
  sheetQuery,
  signalUrl,
} from '@drp/domain';
import type { Database } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { describeRoute } from '../../lib/route-docs.js';
import { actingMember } from '../project-access/project-access.service.js';
import { FILE_SIGNAL_CHANNEL } from './sheet-signal.js';
import { SignalHub, type SignalSubscriber } from './sheet-signal-hub.js';
import {
  SHEET_ASSET_PATH,
  SIGNAL_PATH,
  describeSheet,
  fileOfSheetToken,
  issueSignalUrl,
  readSheetPreview,
  readSheetText,
  readSheetTile,
  readSheetTiles,
  sheetFileExists,
} from './sheets.service.js';

const tags = ['sheets'];
const BASE = '/api/checkDrawings/:orgId/:projectId/docRepository';
const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });

/** A path number, optionally with the extension the contract's links show (`3.png`, `3.json`). */
function indexIn(value: string, extension: string, error: 'NOT_FOUND' | 'SHEET_PAGE_NOT_FOUND'): number {
  const match = new RegExp(`^(\\d{1,6})(?:\\.${extension})?$`).exec(value);
  if (!match) throw new AppError(error);
  return Number(match[1]);
}

/** `at=x-y.x-y…`: one to SHEET_LIMITS.tilesPerRequest tiles, no tile twice; anything else is no tile. */
function tileList(at: string | undefined): { x: number; y: number }[] {
  const parts = at?.split('.') ?? [];
  if (parts.length === 0 || parts.length > SHEET_LIMITS.tilesPerRequest) throw new AppError('NOT_FOUND');
  const tiles = parts.map((part) => {
    const match = /^(\d{1,6})-(\d{1,6})$/.exec(part);
    if (!match) throw new AppError('NOT_FOUND');
    return { x: Number(match[1]), y: Number(match[2]) };
  });
  if (new Set(parts).size !== parts.length) throw new AppError('NOT_FOUND');
  return tiles;
}

/**
 * The images are the same bytes for as long as the link works (they derive from the file's
 * bytes), so the browser keeps them; `private`: the URL carries the credential.
 */
function sendAsset(reply: FastifyReply, type: string, body: Buffer) {
  return reply
    .type(type)
    .header('cache-control', 'private, max-age=86400, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export interface SheetsRoutesOptions {
  /** Where NOTIFYs are heard; without it the channels open but hear nothing. */
  listen?: Database['listen'] | undefined;
}

/**
 * The drawing viewer's server side: the prepared sheet of a file (through the project's door),
 * its images and text under a signed link, and the file's live channel.
 */
export const sheetsRoutes: FastifyPluginAsyncZod<SheetsRoutesOptions> = async (app, options) => {
  const hub = new SignalHub();
  let unlisten: (() => Promise<void>) | undefined;
  if (options.listen) {
    unlisten = await options.listen(FILE_SIGNAL_CHANNEL, {
      onNotify: (payload) => hub.deliver(payload),
      onLost: () => {
        app.log.warn('file signals lost; viewer channels closed until restored');
        hub.lost();
      },
      onRestored: () => hub.restored(),
    });
  }
  app.addHook('preClose', async () => {
    hub.closeAll();
    await unlisten?.();
  });

  app.get(
    `${BASE}/sheet`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '图纸查看器：文件的页面尺寸、预览、文字层、图层的准备情况及其临时链接',
          en: `The drawing viewer: what was prepared of a file (pages, previews, text, layers) and the links to it (${SHEET_ASSET_PATH}/{token})`,
          project: 'project.view',
        }),
        params: projectParams,
        querystring: sheetQuery,
        response: { 200: envelopeOf(sheetInfo) },
      },
    },
    async (request) =>
      ok(
        request,
        await describeSheet(app.ctx, {
          member: actingMember(request),
          accountId: request.auth!.account.id,
          projectId: request.params.projectId,
          fileId: request.query.fileId,
        }),
      ),
  );

  app.get(
    `${BASE}/getSignalUrl`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '图纸查看器的实时通道链接：图纸准备完成、标注变化时通知',
          en: `A link to the file's live channel (${SIGNAL_PATH}/{token}): told when its sheet is prepared and when its markups change`,
          project: 'project.view',
        }),
        params: projectParams,
        querystring: sheetQuery,
        response: { 200: envelopeOf(signalUrl) },
      },
    },
    async (request) =>
      ok(
        request,
        await issueSignalUrl(app.ctx, {
          member: actingMember(request),
          accountId: request.auth!.account.id,
          projectId: request.params.projectId,
          fileId: request.query.fileId,
        }),
      ),
  );

  // Any string: a token that does not verify answers 404 as a missing file, never 400.
  const tokenPage = z.object({ token: z.string(), page: z.string() });
  const sheetErrors = [
    'SHEET_NOT_READY',
    'SHEET_PAGE_NOT_FOUND',
    'SHEET_NOT_PDF',
    'SHEET_DAMAGED',
    'SHEET_ENCRYPTED',
    'SHEET_NO_PAGES',
    'SHEET_TOO_LARGE',
  ] as const;

  app.get(
    `${SHEET_ASSET_PATH}/:token/preview/:page`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '图纸一页的预览图（PNG，长边 2048 像素，未旋转）',
          en: "A page's preview (PNG, 2048 px on its longest side, unrotated)",
          errors: sheetErrors,
        }),
        params: tokenPage,
        produces: ['image/png'],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const page = indexIn(request.params.page, 'png', 'SHEET_PAGE_NOT_FOUND');
      return sendAsset(
        reply,
        'image/png',
        await readSheetPreview(app.ctx, { token: request.params.token, page }),
      );
    },
  );

  app.get(
    `${SHEET_ASSET_PATH}/:token/text/:page`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '图纸一页的文字层（文字及其在页面坐标中的位置）',
          en: "A page's text layer: runs of text with their boxes in page space (SheetText)",
          errors: sheetErrors,
        }),
        params: tokenPage,
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const page = indexIn(request.params.page, 'json', 'SHEET_PAGE_NOT_FOUND');
      return sendAsset(
        reply,
        'application/json; charset=utf-8',
        await readSheetText(app.ctx, { token: request.params.token, page }),
      );
    },
  );

  app.get(
    `${SHEET_ASSET_PATH}/:token/tile/:page/:z/:x/:y`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '图纸一页的瓦片（PNG，512 像素见方，z 级每点 2^(z-2) 像素，从左上角起）',
          en: "A 512 px tile of a page's unrotated raster (PNG; level z is 2^(z-2) px per point; x, y from the top left)",
          errors: sheetErrors,
        }),
        params: z.object({
          token: z.string(),
          page: z.string(),
          z: z.string(),
          x: z.string(),
          y: z.string(),
        }),
        produces: ['image/png'],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const { params } = request;
      const page = indexIn(params.page, 'png', 'SHEET_PAGE_NOT_FOUND');
      const tile = {
        token: params.token,
        page,
        z: indexIn(params.z, 'png', 'NOT_FOUND'),
        x: indexIn(params.x, 'png', 'NOT_FOUND'),
        y: indexIn(params.y, 'png', 'NOT_FOUND'),
      };
      return sendAsset(reply, 'image/png', await readSheetTile(app.ctx, tile));
    },
  );

  app.get(
    `${SHEET_ASSET_PATH}/:token/tiles/:page/:z`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: `图纸一页同一级的多张瓦片，一次取回（至多 ${SHEET_LIMITS.tilesPerRequest} 张；at=x-y.x-y…）`,
          en:
            `Up to ${SHEET_LIMITS.tilesPerRequest} tiles of one page and level in one answer, in the order ` +
            `asked (at=x-y.x-y…): each tile's PNG length (4 bytes, big-endian) then the PNG`,
          errors: sheetErrors,
        }),
        params: z.object({ token: z.string(), page: z.string(), z: z.string() }),
        querystring: z.object({ at: z.string().optional() }),
        produces: [TILE_BATCH_TYPE],
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const { params } = request;
      const page = indexIn(params.page, 'png', 'SHEET_PAGE_NOT_FOUND');
      const pngs = await readSheetTiles(app.ctx, {
        token: params.token,
        page,
        z: indexIn(params.z, 'png', 'NOT_FOUND'),
        tiles: tileList(request.query.at),
      });
      const framed: Buffer[] = [];
      for (const png of pngs) {
        const length = Buffer.alloc(4);
        length.writeUInt32BE(png.length);
        framed.push(length, png);
      }
      return sendAsset(reply, TILE_BATCH_TYPE, Buffer.concat(framed));
    },
  );

  app.get(
    `${SIGNAL_PATH}/:token`,
    {
      schema: {
        tags,
        ...describeRoute({
          zh: '一个文件的实时通道（server-sent events）：sheet 图纸准备完成或失败，markups 标注变化',
          en: "A file's live channel (server-sent events): `sheet` when its preparation ends, `markups` when its markups change",
          errors: ['LIVE_UPDATES_UNAVAILABLE'],
        }),
        description:
          'A text/event-stream. `ready` once connected, then `sheet` or `markups` (no data) whenever the ' +
          "file's sheet was prepared or its markups changed; fetch them again to read them. 404 for a bad " +
          'or expired link (ask getSignalUrl again), 503 LIVE_UPDATES_UNAVAILABLE while the server cannot hear.',
        params: z.object({ token: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await fileOfSheetToken(app.ctx, request.params.token);
      if (!hub.isLive) throw new AppError('LIVE_UPDATES_UNAVAILABLE');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const write = (event: string) => res.write(`event: ${event}\ndata: {}\n\n`);
      let closed = false;
      const subscriber: SignalSubscriber = {
        fileId: file.id,
        send: write,
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          hub.remove(subscriber);
          res.end();
        },
      };
      // Each beat checks the file is still there: a deleted file's viewers are let go.
      const heartbeat = setInterval(() => {
        void sheetFileExists(app.ctx, file.id)
          .then((still) => {
            if (closed) return;
            if (!still) return subscriber.close();
            res.write(': keep-alive\n\n');
          })
          .catch(() => subscriber.close());
      }, LIMITS.messageStreamHeartbeatMs);
      request.raw.on('close', () => subscriber.close());
      if (request.raw.destroyed || res.destroyed) return subscriber.close();
      hub.add(subscriber);
      res.write('retry: 5000\n\n');
      write('ready');
    },
  );
};
