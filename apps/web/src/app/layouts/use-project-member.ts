import { useQuery } from '@tanstack/react-query';
import {
  byWeight,
  qualifyingMembers,
  type OrgType,
  type PrincipalMember,
  type ProjectDetail,
} from '@drp/domain';
import { useSession } from '../../features/auth/hooks/session-context';
import { fetchProjectDetail } from '../../features/projects/api/get-project-detail';
import { PROJECTS_KEY } from '../../lib/project-target';
import { ApiError } from '../../lib/http';
import type { ProjectArea } from '../routes/areas/project-area';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §6 "current member per project": which of the user's memberships acts in one project.
 * - apply: the construction unit the application belongs to;
 * - submit: a unit of the current organisation's kind that takes part (design or survey), the
 *   current organisation itself first; failing that, one of the other kind (a person in a design
 *   and a survey unit works as the survey unit in a project that names only the latter);
 * - audit: the review agency the application names;
 * - supervise, joint: the membership through which the user reads every project (the current one
 *   when it qualifies).
 * Where several would do and none is the current one, the heaviest role's wins (spec §9 weights).
 * `members` are the user's memberships qualifying for the area. Null: none takes part.
 */
export function chooseProjectMember(
  area: ProjectArea,
  project: ProjectDetail,
  members: readonly PrincipalMember[],
  currentOrgId: string | null,
): PrincipalMember | null {
  const byOrg = (orgId: string) => members.find((m) => m.orgId === orgId) ?? null;
  switch (area) {
    case 'apply':
      return byOrg(project.construct.orgId);
    case 'audit':
      return byOrg(project.censor.orgId);
    case 'submit': {
      const current = members.find((m) => m.orgId === currentOrgId);
      const first: OrgType = current?.orgType === 'SURVEY' ? 'SURVEY' : 'DESIGN';
      const second: OrgType = first === 'SURVEY' ? 'DESIGN' : 'SURVEY';
      const takingPart = (type: OrgType) => {
        const list = type === 'DESIGN' ? project.designList : project.surveyList;
        const found = members.filter((m) => m.orgType === type && list.some((p) => p.orgId === m.orgId));
        return found.find((m) => m.orgId === currentOrgId) ?? byWeight(found)[0] ?? null;
      };
      return takingPart(first) ?? takingPart(second);
    }
    case 'supervise':
    case 'joint':
      return members.find((m) => m.orgId === currentOrgId) ?? byWeight(members)[0] ?? null;
  }
}

export type ProjectMemberState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; project: ProjectDetail; member: PrincipalMember };

/**
 * The project of a project-level route and the membership acting in it. A route naming `:orgId`
 * acts for that organisation, which must be one of the user's and take part in the project; a
 * route with only `:projectId` reads the project through the user's qualifying memberships (the
 * current one first) and picks the member by `chooseProjectMember`. Anything else answers
 * "not found", exactly like a missing project: the server does the same.
 */
export function useProjectMember(
  area: ProjectArea,
  projectId: string,
  routeOrgId: string | undefined,
): ProjectMemberState {
  const session = useSession();
  const members = session.principal ? qualifyingMembers(session.principal, area) : [];
  const currentOrgId = session.currentOrgId;
  const candidates =
    routeOrgId !== undefined
      ? members.filter((m) => m.orgId === routeOrgId)
      : [
          ...members.filter((m) => m.orgId === currentOrgId),
          ...members.filter((m) => m.orgId !== currentOrgId),
        ];
  const orgIds = candidates.map((m) => m.orgId);
  const valid = UUID.test(projectId) && orgIds.length > 0;

  const detail = useQuery({
    queryKey: [...PROJECTS_KEY, 'detail', projectId, 'through', orgIds],
    queryFn: async ({ signal }) => {
      for (const orgId of orgIds) {
        try {
          return { project: await fetchProjectDetail(projectId, orgId, signal), through: orgId };
        } catch (error) {
          // This organisation does not see it; another of the user's may.
          if (error instanceof ApiError && (error.status === 404 || error.status === 403)) continue;
          throw error;
        }
      }
      return null;
    },
    enabled: valid,
  });
  const found = detail.data ?? null;
  const member = found ? chooseProjectMember(area, found.project, candidates, currentOrgId) : null;
  // The answer's `can` is the abilities of the organisation it was read through: when another of
  // the user's memberships acts here, read it again as that one.
  const reread = member !== null && found !== null && member.orgId !== found.through;
  // Its own key: sharing the first query's (the same organisation) would share its cache entry,
  // whose answer has another shape.
  const asMember = useQuery({
    queryKey: [...PROJECTS_KEY, 'detail', projectId, 'as', member?.orgId],
    queryFn: ({ signal }) => fetchProjectDetail(projectId, member!.orgId, signal),
    enabled: reread,
  });

  if (!valid) return { status: 'notFound' };
  if (detail.isPending) return { status: 'loading' };
  if (detail.isError) return { status: 'error', error: detail.error };
  if (!found || !member) return { status: 'notFound' };
  if (!reread) return { status: 'ready', project: found.project, member };
  if (asMember.isPending) return { status: 'loading' };
  if (asMember.isError) return { status: 'error', error: asMember.error };
  return { status: 'ready', project: asMember.data, member };
}
