import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, idListParam, type PrincipalMember } from '@drp/domain';

/** What every building route shares: its place under the application, params and answers. */
export const tags = ['buildings'];
export const security = [{ bearer: [] }];
export const BASE = '/api/checkDrawings/:orgId/:projectId/building';
export const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
export const withId = projectParams.extend({ id: z.uuid() });
export const withIds = projectParams.extend({ ids: idListParam });
export const orgIds = z.object({ orgId: z.uuid(), ids: idListParam });
export const none = envelopeOf(z.null());

export const member = (request: FastifyRequest) => request.actingMember ?? null;
export const scope = (request: { params: { projectId: string }; actingMember: PrincipalMember | null }) => ({
  member: request.actingMember,
  projectId: request.params.projectId,
});
