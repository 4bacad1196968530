import { z } from 'zod';
import { envelopeOf, idListParam, type PrincipalMember } from '@drp/domain';
import { actingMember } from '../project-access/project-access.service.js';

/** What every building route shares: its place under the application, params and answers. */
export const tags = ['buildings'];
export const security = [{ bearer: [] }];
export const BASE = '/api/checkDrawings/:orgId/:projectId/building';
export const projectParams = z.object({ orgId: z.uuid(), projectId: z.uuid() });
export const withId = projectParams.extend({ id: z.uuid() });
export const withIds = projectParams.extend({ ids: idListParam });
export const orgIds = z.object({ orgId: z.uuid(), ids: idListParam });
export const none = envelopeOf(z.null());

/** The acting member, settled by the area rule. */
export const member = actingMember;
export const scope = (request: { params: { projectId: string }; actingMember: PrincipalMember | null }) => ({
  member: actingMember(request),
  projectId: request.params.projectId,
});
