import type { ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. They depend on nothing in the request,
 * while @fastify/helmet built helmet's whole middleware again for every call (the CSP parsed,
 * thirteen closures made): a few kilobytes per call that lived long enough to be promoted, and
 * young-generation collections of several milliseconds that fell on whichever calls were running.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // X-Powered-By: Fastify never sends it.
    removeHeader: () => {},
  } as unknown as ServerResponse;
  // A bad option throws here, at start (helmet 8 throws rather than passing errors on).
  helmet(options)({} as never, recorder, () => {});
  return headers;
}

/** Sends helmet's security headers for `options` on every answer, errors and 404s included. */
export const securityHeadersPlugin = fp(
  async (app, options: HelmetOptions) => {
    const headers = securityHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
