import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_PATH } from '../lib/api-path.js';
import { AppError } from '../lib/app-error.js';

/**
 * Serves the built web app from the same process. Any other GET (or HEAD, as link checkers and
 * uptime monitors send) that is not an API call gets index.html, and the app's router shows
 * /common/404 for paths it does not know.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const hasWeb = existsSync(path.join(options.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every asset: a phone on a slow line gets the
      // portal's scripts at a third of their size without compressing them on each request.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    throw new AppError('NOT_FOUND');
  });
});
