import { ERROR_CODES, type ErrorCode, type ErrorParam } from '@drp/domain';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, ErrorParam> = {},
    readonly detail?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code].status;
  }
}
