import { eq, sql } from 'drizzle-orm';
import type { SheetFailure, SheetLayer, SheetPage, SheetState } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { docFiles, docSheets } from '../../db/schema/index.js';

/** What was prepared of a file so far; undefined when it has no sheet (not a PDF by type or name). */
export async function findSheetOfFile(
  db: Db,
  fileId: string,
): Promise<
  | {
      state: SheetState;
      failure: SheetFailure | null;
      pages: SheetPage[];
      layers: SheetLayer[];
      scripts: boolean;
    }
  | undefined
> {
  const [row] = await db
    .select({
      state: docSheets.state,
      failure: docSheets.failure,
      pages: docSheets.pages,
      layers: docSheets.layers,
      scripts: docSheets.scripts,
    })
    .from(docSheets)
    .where(eq(docSheets.fileId, fileId));
  return row;
}

/**
 * A file and its sheet in one query: what every image of the viewer asks first (a zoomed window
 * asks a dozen tiles at once, and on PGlite each query waits for the one before).
 */
export async function findFileWithSheet(db: Db, fileId: string) {
  const [row] = await db
    .select({
      file: {
        id: docFiles.id,
        size: docFiles.size,
        sha256: docFiles.sha256,
        storageKey: docFiles.storageKey,
      },
      state: docSheets.state,
      failure: docSheets.failure,
      pages: docSheets.pages,
    })
    .from(docFiles)
    .leftJoin(docSheets, eq(docSheets.fileId, docFiles.id))
    .where(eq(docFiles.id, fileId));
  return row;
}

/** NOTIFYs a channel; inside a transaction it is delivered at commit. */
export async function notifyChannel(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/** What preparing a file needs of it; undefined once it was deleted. */
export async function findFileToPrepare(db: Db, fileId: string) {
  const [row] = await db
    .select({
      id: docFiles.id,
      name: docFiles.name,
      size: docFiles.size,
      sha256: docFiles.sha256,
      contentType: docFiles.contentType,
      storageKey: docFiles.storageKey,
    })
    .from(docFiles)
    .where(eq(docFiles.id, fileId));
  return row;
}

/** Records what preparation found; a sheet deleted with its file meanwhile is left alone. */
export async function saveSheetResult(
  db: Db,
  fileId: string,
  result:
    | { state: 'READY'; pages: SheetPage[]; layers: SheetLayer[]; scripts: boolean }
    | { state: 'FAILED'; failure: SheetFailure; scripts?: boolean },
  now: Date,
) {
  const values =
    result.state === 'READY'
      ? {
          state: result.state,
          failure: null,
          pages: result.pages,
          layers: result.layers,
          scripts: result.scripts,
        }
      : {
          state: result.state,
          failure: result.failure,
          pages: [],
          layers: [],
          scripts: result.scripts ?? false,
        };
  await db
    .update(docSheets)
    .set({ ...values, preparedAt: now, updatedAt: now })
    .where(eq(docSheets.fileId, fileId));
}

/** The sheets of these files still being prepared (the tests wait for them). */
export async function countPendingSheets(db: Db) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(docSheets)
    .where(eq(docSheets.state, 'PENDING'));
  return row?.count ?? 0;
}
