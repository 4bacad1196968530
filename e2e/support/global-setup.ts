import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Starts the built platform exactly as `npm start` runs it (one process, web and API), on a
 * fresh DATA_DIR with the demo data, and hands its address to the browser tests.
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ DATABASE_URL: '' });
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
