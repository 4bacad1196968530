import { z } from 'zod';
import { SHEET_SIGNAL_EVENTS } from '@drp/domain';
import type { Db } from '../../db/database.js';
import { notifyChannel } from './sheets.repository.js';

/** The PostgreSQL channel on which every server process hears that a file's sheet or markups changed. */
export const FILE_SIGNAL_CHANNEL = 'drp_file_signal';

export type FileSignalEvent = (typeof SHEET_SIGNAL_EVENTS)[number];

export const fileSignal = z.object({ fileId: z.string(), event: z.enum(SHEET_SIGNAL_EVENTS) });
export type FileSignal = z.infer<typeof fileSignal>;

/**
 * Tells every open viewer of the file, on any instance, that its sheet or markups changed. The
 * signal carries no content: the viewer refetches what it may read. Called inside a transaction,
 * it is heard only if the change commits.
 */
export async function signalFile(db: Db, fileId: string, event: FileSignalEvent): Promise<void> {
  await notifyChannel(db, FILE_SIGNAL_CHANNEL, JSON.stringify({ fileId, event } satisfies FileSignal));
}
