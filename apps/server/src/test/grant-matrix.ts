import { PROFILES, type Profile } from '@drp/domain';
import type { DemoOrgKey } from './authorization-matrix.js';

/**
 * The grant matrix: which profile each kind of admin may hand out, to someone else and to itself,
 * in each kind of organisation. grant-matrix.test.ts walks every cell against a running app; the
 * authorization matrix (authorization-matrix.ts) says who may call the member routes at all, this
 * one what an allowed caller may grant through them.
 *
 * Reading a row:
 * - `org`: a demo organisation. `operator` is the platform operator (湖南省住房和城乡建设厅, the
 *   one organisation whose people may hold the platform-staff profiles); `control` is a city
 *   housing bureau, a CONTROL organisation like it but not the operator.
 * - `grantor`: the org's own admin (a demo admin; for the operator, which has none in the demo,
 *   one the system admin adds in setup) or the system admin (`sysadmin`, in no organisation).
 * - `target`: `other` is a plain member of the org holding nothing, added in setup; `self` is the
 *   grantor's own membership, first lowered to nothing (lowering is allowed), so every cell is an
 *   attempt to add. For `other` the same cell is also tried through the two other doors that grant
 *   profiles: adding a new account and inviting an existing one.
 * - `expected`: per profile, the status and error code of `PUT …/members/:memberId` with
 *   `{ profiles: [profile] }`.
 */

export type GrantOrgKey = Extract<
  DemoOrgKey,
  'construct' | 'design' | 'survey' | 'censor' | 'control' | 'operator' | 'joint'
>;
export type Grantor = 'orgAdmin' | 'systemAdmin';
export type GrantTarget = 'other' | 'self';
export type GrantAnswer = readonly [status: number, code: string];

export interface GrantRow {
  org: GrantOrgKey;
  grantor: Grantor;
  target: GrantTarget;
  expected: Record<Profile, GrantAnswer>;
}

/** Granted. */
const OK: GrantAnswer = [200, 'SUCCESS'];
/** A profile of another org type. */
const TYPE: GrantAnswer = [400, 'PROFILE_NOT_ALLOWED'];
/** A platform-staff profile anywhere but on the platform operator. */
const OPERATOR_ONLY: GrantAnswer = [400, 'PLATFORM_PROFILE_OPERATOR_ONLY'];
/** A platform-staff profile on the operator, from anyone but the system admin. */
const SYSADMIN_ONLY: GrantAnswer = [403, 'PLATFORM_PROFILE_SYSTEM_ADMIN_ONLY'];
/** Anything the org could hold, added by the grantor to its own membership. */
const NOT_OWN: GrantAnswer = [403, 'CANNOT_RAISE_OWN_PROFILES'];

/** Every profile named: the listed ones as given, the rest `rest`. */
function cells(
  rest: GrantAnswer,
  named: Partial<Record<Profile, GrantAnswer>>,
): Record<Profile, GrantAnswer> {
  return Object.fromEntries(PROFILES.map((p) => [p, named[p] ?? rest])) as Record<Profile, GrantAnswer>;
}
/** No organisation but the operator holds the platform's profiles, whoever grants them. */
const NO_PLATFORM = { INFORMATION_SERVICE: OPERATOR_ONLY, SYSTEM_ADMIN: OPERATOR_ONLY } as const;
const CENSOR_PROFILES = [
  'DRAWING_APPROVAL_ADMIN',
  'DRAWING_APPROVAL_DIRECTOR',
  'DRAWING_APPROVAL_NORMAL',
  'DRAWING_APPROVAL_PRINT',
] as const;
const all = (profiles: readonly Profile[], answer: GrantAnswer) =>
  Object.fromEntries(profiles.map((p) => [p, answer])) as Partial<Record<Profile, GrantAnswer>>;

export const GRANT_MATRIX: GrantRow[] = [
  // Each org's own admin, to a plain member of the org.
  {
    org: 'construct',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, PROJECT_APPLICATION: OK }),
  },
  {
    org: 'design',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: OK }),
  },
  {
    org: 'survey',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: OK }),
  },
  {
    org: 'censor',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ...all(CENSOR_PROFILES, OK) }),
  },
  {
    org: 'control',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_SUPERVISION: OK }),
  },
  {
    org: 'operator',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, {
      ONLINE_SUPERVISION: OK,
      INFORMATION_SERVICE: SYSADMIN_ONLY,
      SYSTEM_ADMIN: SYSADMIN_ONLY,
    }),
  },
  {
    org: 'joint',
    grantor: 'orgAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_CENSOR: OK }),
  },

  // Each org's own admin, to itself: nothing may be added, whatever the org could hold.
  {
    org: 'construct',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, PROJECT_APPLICATION: NOT_OWN }),
  },
  {
    org: 'design',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: NOT_OWN }),
  },
  {
    org: 'survey',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: NOT_OWN }),
  },
  {
    org: 'censor',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, ...all(CENSOR_PROFILES, NOT_OWN) }),
  },
  {
    org: 'control',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_SUPERVISION: NOT_OWN }),
  },
  {
    org: 'operator',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, {
      ONLINE_SUPERVISION: NOT_OWN,
      INFORMATION_SERVICE: SYSADMIN_ONLY,
      SYSTEM_ADMIN: SYSADMIN_ONLY,
    }),
  },
  {
    org: 'joint',
    grantor: 'orgAdmin',
    target: 'self',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_CENSOR: NOT_OWN }),
  },

  // The system admin, to a plain member of each org: the type's profiles anywhere, the platform's
  // on the operator and nowhere else (a city bureau is refused like a design institute).
  {
    org: 'construct',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, PROJECT_APPLICATION: OK }),
  },
  {
    org: 'design',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: OK }),
  },
  {
    org: 'survey',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, DATA_UPLOAD: OK }),
  },
  {
    org: 'censor',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ...all(CENSOR_PROFILES, OK) }),
  },
  {
    org: 'control',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_SUPERVISION: OK }),
  },
  {
    org: 'operator',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ONLINE_SUPERVISION: OK, INFORMATION_SERVICE: OK, SYSTEM_ADMIN: OK }),
  },
  {
    org: 'joint',
    grantor: 'systemAdmin',
    target: 'other',
    expected: cells(TYPE, { ...NO_PLATFORM, ONLINE_CENSOR: OK }),
  },

  // The system admin holding a plain membership of the operator (see OWN_ADMIN_MATRIX), to itself:
  // the one who grants the platform's profiles cannot grant them to itself either.
  {
    org: 'operator',
    grantor: 'systemAdmin',
    target: 'self',
    expected: cells(TYPE, {
      ONLINE_SUPERVISION: NOT_OWN,
      INFORMATION_SERVICE: NOT_OWN,
      SYSTEM_ADMIN: NOT_OWN,
    }),
  },
];

/**
 * The admin flag on one's own membership: `PUT …/members/:own` with `{ admin: true }`. An admin
 * setting it again raises nothing (200, still one admin); a plain member cannot call the route
 * (403 FORBIDDEN before anything is read); the system admin holding a plain membership of the
 * operator (set up directly in the database, as on an installation that gave it one) is refused
 * CANNOT_RAISE_OWN_ADMIN, like its own profiles.
 */
export interface OwnAdminRow {
  org: GrantOrgKey;
  who: 'orgAdmin' | 'plainMember' | 'systemAdminAsMember';
  expected: GrantAnswer;
}

export const OWN_ADMIN_MATRIX: OwnAdminRow[] = [
  ...(['construct', 'design', 'survey', 'censor', 'control', 'operator', 'joint'] as const).flatMap(
    (org): OwnAdminRow[] => [
      { org, who: 'orgAdmin', expected: OK },
      { org, who: 'plainMember', expected: [403, 'FORBIDDEN'] },
    ],
  ),
  { org: 'operator', who: 'systemAdminAsMember', expected: [403, 'CANNOT_RAISE_OWN_ADMIN'] },
];
