import { eq, sql } from 'drizzle-orm';
import type { SheetFailure, SheetLayer, SheetPage, SheetState } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { docSheets } from '../../db/schema/index.js';

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

/** NOTIFYs a channel; inside a transaction it is delivered at commit. */
export async function notifyChannel(db: Db, channel: string, payload: string) {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
