import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildingBasicsRoutes } from './building-basics.routes.js';
import { buildingEntriesRoutes } from './building-entries.routes.js';
import { buildingReviewRoutes } from './building-review.routes.js';

/**
 * The buildings (单体) of a review application, spec §7 "Buildings". Area rules in API_ACCESS say
 * who may call; the services decide on each record: the project the acting organisation sees, its
 * part in it, and the state of the application and the building.
 */
export const buildingsRoutes: FastifyPluginAsyncZod = async (app, options) => {
  await buildingBasicsRoutes(app, options);
  await buildingEntriesRoutes(app, options);
  await buildingReviewRoutes(app, options);
};
