import { Readable } from 'node:stream';

/**
 * The first `bytes` of a stream, and a stream of all of it, so an upload's type can be judged on
 * its head before a byte is stored (drawings, portal files). Errors of the source pass on to the returned stream.
 */
export async function readHead(body: Readable, bytes: number): Promise<{ head: Buffer; rest: Readable }> {
  const source = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < bytes) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all() {
    yield head;
    if (ended) return;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  return { head, rest: Readable.from(all(), { objectMode: false }) };
}
