import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { AppError } from './app-error.js';
import { nulField } from './find-nul.js';

/**
 * The parts of a multipart upload as `request.parts()` gives them, held to the rule the JSON
 * routes get from plugins/input-guard: a NUL in a field's name or value or in a file name is
 * refused with 400 (PostgreSQL cannot store it), as is a part without a name. A body that is not
 * multipart is 415; a broken one (no boundary, cut off inside a part) leaves busboy's error to
 * plugins/errors, which answers 400.
 */
export async function* uploadParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  for await (const part of request.parts()) {
    // A part without a name answers to no field of any form.
    if (!part.fieldname) {
      if (part.type === 'file') part.file.resume();
      throw new AppError('MALFORMED_BODY');
    }
    const texts = [part.fieldname, part.type === 'file' ? part.filename : part.value];
    if (texts.some((text) => typeof text === 'string' && text.includes('\0'))) {
      // The rest of the file is not wanted: let it drain rather than hold the request.
      if (part.type === 'file') part.file.resume();
      throw new AppError('NUL_CHARACTER', { field: nulField('field', part.fieldname) });
    }
    yield part;
  }
}
