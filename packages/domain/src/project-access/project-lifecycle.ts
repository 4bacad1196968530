import type { BuildingStatus } from '../buildings/building-contracts.js';
import type { DocVersionStatus } from '../doc-repository/doc-repository-contracts.js';
import type { ProjectStatus } from '../projects/project-status.js';

/**
 * Which status follows which step, for the application, its buildings and its document versions.
 * A step names the statuses it moves from; from any other status it leaves the status as it is (a
 * later round of materials is sent and accepted while the application is already in review).
 * Whether the step is allowed at all is `PROJECT_POLICY`'s question, not this table's.
 */
interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

export const APPLICATION_TRANSITIONS = {
  /** The construction unit submits its draft. */
  submit: { from: ['DRAFT'], to: 'SUBMITTED' },
  /** The construction unit recalls it until the agency accepts materials: a draft again. */
  revoke: { from: ['SUBMITTED', 'MATERIALS_SENT'], to: 'DRAFT' },
  /** The construction unit sends the first materials to review. */
  sendDocs: { from: ['SUBMITTED'], to: 'MATERIALS_SENT' },
  /**
   * The agency accepts them: the review begins; or it accepts the revised drawings sent with the
   * answers to a round's opinions: the next round begins (issue 20).
   */
  acceptDocs: { from: ['MATERIALS_SENT', 'OPINIONS_ISSUED'], to: 'IN_REVIEW' },
  /** The agency returns them: uploading again. */
  returnDocs: { from: ['MATERIALS_SENT'], to: 'SUBMITTED' },
  /** The agency returns materials it accepted while a building was not ready (docs.return). */
  recoverDocs: { from: ['IN_REVIEW'], to: 'SUBMITTED' },
  /** The agency forwards a round's report with opinions to answer (issue 20). */
  forwardReport: { from: ['IN_REVIEW'], to: 'OPINIONS_ISSUED' },
  /** The agency forwards a round's report with nothing open: the drawings passed (issue 20). */
  passReview: { from: ['IN_REVIEW'], to: 'PASSED' },
  /** The region's authority confirms the filing of the certificate (issue 21). */
  confirmFiling: { from: ['PASSED'], to: 'FILED' },
} as const satisfies Record<string, Transition<ProjectStatus>>;

export const BUILDING_TRANSITIONS = {
  submit: { from: ['DRAFT', 'REJECTED'], to: 'SUBMITTED' },
  /** A building changed after a submit no agency received goes back to draft, to be submitted again. */
  change: { from: ['SUBMITTED'], to: 'DRAFT' },
  confirm: { from: ['SUBMITTED'], to: 'CONFIRMED' },
  reject: { from: ['SUBMITTED'], to: 'REJECTED' },
} as const satisfies Record<string, Transition<BuildingStatus>>;

export const DOC_VERSION_TRANSITIONS = {
  /** The construction unit sends the version to review. */
  send: { from: ['UPLOADING'], to: 'SUBMITTED' },
  /** The agency accepts it: read-only from then on. */
  accept: { from: ['SUBMITTED'], to: 'REVIEW' },
  /** The agency returns it with reasons. */
  return: { from: ['SUBMITTED'], to: 'UPLOADING' },
  /** The agency returns an accepted version whose buildings were not ready (docs.return). */
  recover: { from: ['REVIEW'], to: 'UPLOADING' },
  /** The application was recalled: its latest version opens for upload again. */
  reopen: { from: ['UPLOADING', 'SUBMITTED'], to: 'UPLOADING' },
} as const satisfies Record<string, Transition<DocVersionStatus>>;

type Table<S extends string> = Record<string, Transition<S>>;

/** The status after `step`; unchanged when the step does not move from `status`. */
function after<S extends string>(table: Table<S>, step: string, status: S): S {
  const t = table[step]!;
  return t.from.includes(status) ? t.to : status;
}

export const applicationAfter = (step: keyof typeof APPLICATION_TRANSITIONS, status: ProjectStatus) =>
  after<ProjectStatus>(APPLICATION_TRANSITIONS, step, status);
export const buildingAfter = (step: keyof typeof BUILDING_TRANSITIONS, status: BuildingStatus) =>
  after<BuildingStatus>(BUILDING_TRANSITIONS, step, status);
export const docVersionAfter = (step: keyof typeof DOC_VERSION_TRANSITIONS, status: DocVersionStatus) =>
  after<DocVersionStatus>(DOC_VERSION_TRANSITIONS, step, status);
