import { useCallback, useState } from 'react';
import { markupCalibration, type MarkupCalibration } from '@drp/domain';

/**
 * The last calibration of each page of each file, kept in this browser: a reviewer measures many
 * times on the same sheet, and the scale of a sheet does not change between visits. Each measure
 * stores the calibration it was taken with, so what is kept here only sets the next one.
 */
const storageKey = (fileId: string, page: number) => `drp.markups.calibration.${fileId}.${page}`;

/** What was read or set in this tab: the same object each render, and it holds where storage is refused. */
const memory = new Map<string, MarkupCalibration | null>();

function parse(raw: string | null): MarkupCalibration | null {
  if (!raw) return null;
  try {
    const parsed = markupCalibration.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function read(fileId: string, page: number): MarkupCalibration | null {
  const key = storageKey(fileId, page);
  if (!memory.has(key)) {
    let raw: string | null = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Storage refused: nothing kept from earlier visits.
    }
    memory.set(key, parse(raw));
  }
  return memory.get(key) ?? null;
}

export function useCalibration(fileId: string, page: number) {
  // Bumped on a change so the stored value is read again; the key alone decides what is shown.
  const [, setVersion] = useState(0);
  const calibration = fileId ? read(fileId, page) : null;
  const setCalibration = useCallback(
    (next: MarkupCalibration | null) => {
      memory.set(storageKey(fileId, page), next);
      try {
        if (next) localStorage.setItem(storageKey(fileId, page), JSON.stringify(next));
        else localStorage.removeItem(storageKey(fileId, page));
      } catch {
        // Storage full or refused (private mode): the calibration holds in this tab only.
      }
      setVersion((v) => v + 1);
    },
    [fileId, page],
  );
  return [calibration, setCalibration] as const;
}
