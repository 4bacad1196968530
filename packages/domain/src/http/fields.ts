import { z } from 'zod';

/**
 * A comma-joined value ("a,b,c") as a list, as the legacy calls take ids in paths and queries:
 * parts are trimmed, empty ones dropped and repeats named once, then each is checked by `item`.
 */
export function commaList<T extends z.ZodType<unknown, string>>(
  item: T,
  { min = 0, max = 100 }: { min?: number; max?: number } = {},
) {
  return z
    .string()
    .max(max * 40)
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).min(min).max(max));
}

/** The keys of a code table (`{ CODE: texts }`) as the non-empty tuple `z.enum` takes. */
export const keysOf = <T extends Record<string, unknown>>(table: T) =>
  Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];

/** Optional free text: blank, absent or null is stored as null. */
export const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
