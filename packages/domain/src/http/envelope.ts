import { z } from 'zod';

/** The spec's wire shape for every answer: `{ code, message, detail }`. */
export function envelopeOf<T extends z.ZodType>(detail: T) {
  return z.object({
    code: z.literal('SUCCESS'),
    message: z.string(),
    detail,
  });
}

export const errorEnvelope = z.object({
  code: z.string().meta({ description: 'Stable error code from packages/domain' }),
  message: z.string(),
  detail: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export interface Envelope<T> {
  code: string;
  message: string;
  detail: T;
}
