import {
  PROJECT_POLICY,
  partOf,
  refusal,
  scopeOf,
  seesProject,
  type ApplicationFacts,
  type ErrorParam,
  type FactsFor,
  type PrincipalMember,
  type ProjectAction,
  type ProjectActor,
  type ProjectScope,
} from '@drp/domain';
import type { Db } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import {
  findApplication,
  findOrgRegion,
  listApplicationParties,
  listMissionHolders,
  updateApplicationState,
  type ApplicationParty,
  type ApplicationRow,
} from './project-access.repository.js';

export type { ApplicationParty, ApplicationRow };
/** The application's status after a step inside it (the hand-over moves it); only through here. */
export { updateApplicationState };

/**
 * The one door into an application for a member (design: project-access §9): it loads the
 * application and its parties once and answers every "may this member do this here?" from
 * PROJECT_POLICY. Not a party to it (nor its region's authority, nor a joint-review body): NOT_FOUND,
 * exactly as a missing record. A party without the right: the rule's refusal (FORBIDDEN, or
 * NOT_FOUND where the thing is someone else's own). A state that forbids it: the rule's 409.
 */

/** The acting member of a route whose area rule has settled it; none answers as a missing record. */
export function actingMember(request: { actingMember: PrincipalMember | null }): PrincipalMember {
  if (!request.actingMember) throw new AppError('NOT_FOUND');
  return request.actingMember;
}

/** Which applications the acting organisation sees (`seesProject`); the list queries encode the same. */
export async function projectScopeOf(db: Db, member: PrincipalMember): Promise<ProjectScope> {
  return scopeOf(member, member.orgType === 'CONTROL' ? await findOrgRegion(db, member.orgId) : null);
}

export const applicationFacts = (project: ApplicationRow): ApplicationFacts => ({
  status: project.status,
  accepted: project.acceptedAt !== null,
});

export const projectActor = (member: PrincipalMember): ProjectActor => ({
  part: partOf(member.orgType),
  admin: member.admin,
  profiles: member.profiles,
});

export interface OpenProject {
  project: ApplicationRow;
  parties: ApplicationParty[];
  member: PrincipalMember;
  actor: ProjectActor;
  /** The application as the rules read it. */
  facts: ApplicationFacts;
  /** The organisation's name as a party (messages name their sender). */
  nameOf(orgId: string): string;
  /** Whether the member may do `action` now; the facts of the thing it touches, or the application's. */
  can<A extends ProjectAction>(action: A, facts?: FactsFor<A>): boolean;
  /** Throws the rule's refusal; `params` fill the message (a building's name, say). */
  require<A extends ProjectAction>(action: A, facts?: FactsFor<A>, params?: Record<string, ErrorParam>): void;
}

/**
 * The agency the application is reviewed by, as the one who opened it sees it: its own, for the
 * agency; the party named CENSOR, for everyone else. Its documents (certificate, sealed set) are
 * that agency's.
 */
export function reviewingAgencyOf(open: OpenProject): string {
  if (open.actor.part === 'CENSOR') return open.member.orgId;
  const censor = open.parties.find((p) => p.role === 'CENSOR');
  if (!censor) throw new AppError('NOT_FOUND');
  return censor.orgId;
}

/** Whether the member is a party to this action at all: the first half of `require`, without the state. */
function requireWho(actor: ProjectActor, action: ProjectAction) {
  const rule = PROJECT_POLICY[action];
  if (!rule.who(actor)) throw new AppError(rule.refused);
}

/**
 * Opens the application for the acting member. `lock` holds its row for a change that must not
 * interleave with submit or recall. `action`: the member must be a party to it (else its refusal),
 * and, for an action on the application itself, its state must allow it; an action on something
 * inside (a building, a document version) has its state checked by `require` once that is loaded.
 */
export async function openProject(
  db: Db,
  member: PrincipalMember,
  projectId: string,
  options: { action?: ProjectAction; lock?: boolean } = {},
): Promise<OpenProject> {
  const project = await findApplication(db, projectId, { lock: options.lock ?? false });
  if (!project) throw new AppError('NOT_FOUND');
  const parties = await listApplicationParties(db, projectId);
  const scope = await projectScopeOf(db, member);
  const holders =
    scope.kind === 'party' && scope.missionsOf !== undefined
      ? await listMissionHolders(db, projectId, scope.orgId, scope.missionsOf)
      : [];
  if (!seesProject(scope, project, parties, holders)) throw new AppError('NOT_FOUND');
  const actor = projectActor(member);
  const facts = applicationFacts(project);
  const answer = <A extends ProjectAction>(action: A, subject?: FactsFor<A>) => {
    if (subject === undefined && PROJECT_POLICY[action].subject !== 'application')
      throw new Error(`${action} needs the facts of its ${PROJECT_POLICY[action].subject}`);
    return refusal(action, actor, subject ?? (facts as FactsFor<A>));
  };
  const open: OpenProject = {
    project,
    parties,
    member,
    actor,
    facts,
    nameOf: (orgId) => parties.find((p) => p.orgId === orgId)?.orgName ?? '',
    can: (action, subject) => answer(action, subject) === undefined,
    require: (action, subject, params) => {
      const code = answer(action, subject);
      if (code) throw new AppError(code, params);
    },
  };
  if (options.action) {
    requireWho(actor, options.action);
    if (PROJECT_POLICY[options.action].subject === 'application') open.require(options.action);
  }
  return open;
}
