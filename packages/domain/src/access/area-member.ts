import { PROFILES, roleWeight, type Profile } from '../accounts/profile.js';
import { AREAS, qualifyingMembers, type AreaKey, type Principal, type PrincipalMember } from './areas.js';

/**
 * Spec §9's role weights (admin approval 2, director 3, others 1) decide which profile an area
 * reads a person by when they hold several: a reviewer who is also the director works as the
 * director, and of two memberships that qualify for an area the heavier one is used unless the
 * person picked the other as their current organisation.
 */

/** The profile an area reads the membership by: its heaviest (ties keep the order of PROFILES). */
export function leadingProfile(member: Pick<PrincipalMember, 'profiles'>): Profile | null {
  let best: Profile | null = null;
  for (const p of PROFILES)
    if (member.profiles.includes(p) && (best === null || roleWeight(p) > roleWeight(best))) best = p;
  return best;
}

/** A membership's weight: that of its leading profile (1 without any, like "others"). */
export function memberWeight(member: Pick<PrincipalMember, 'profiles'>): number {
  const lead = leadingProfile(member);
  return lead ? roleWeight(lead) : 1;
}

/** Heaviest first; memberships of equal weight keep their order. */
export function byWeight<M extends Pick<PrincipalMember, 'profiles'>>(members: readonly M[]): M[] {
  return members
    .map((m, i) => ({ m, i, w: memberWeight(m) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .map(({ m }) => m);
}

/**
 * The membership an area works through: the current organisation when it qualifies there (the
 * person chose it), otherwise the heaviest qualifying one. Null when none qualifies.
 */
export function areaMember(
  principal: Principal,
  area: AreaKey,
  currentOrgId: string | null | undefined,
): PrincipalMember | null {
  const members = qualifyingMembers(principal, area);
  return members.find((m) => m.orgId === currentOrgId) ?? byWeight(members)[0] ?? null;
}

/**
 * Where an audit project opens for this member (spec §2 "Landing"): the agency's admin (sub-admin
 * or approval administrator) and its director on the receive page, a normal reviewer on the
 * review list. Read by the member's leading profile, so a reviewer who is also the director lands
 * as the director.
 */
export function auditLandingPage(member: PrincipalMember): 'workingDrawing' | 'workingDrawingList' {
  if (!AREAS.audit.memberQualifies(member)) return 'workingDrawingList';
  const lead = leadingProfile(member);
  return member.admin || lead === 'DRAWING_APPROVAL_DIRECTOR' || lead === 'DRAWING_APPROVAL_ADMIN'
    ? 'workingDrawing'
    : 'workingDrawingList';
}
