import { describe, expect, it } from 'vitest';
import { BUILDING_STATUS_KEYS, type BuildingStatus } from '../buildings/building-contracts.js';
import { DOC_CATEGORY_KEYS, DOC_VERSION_STATUS_KEYS } from '../doc-repository/doc-repository-contracts.js';
import type { ErrorCode } from '../errors/error-codes.js';
import { PROJECT_STATUS_KEYS } from '../projects/project-status.js';
import { applicationAfter, buildingAfter, docVersionAfter } from './project-lifecycle.js';
import { PROJECT_PARTS, partOf, scopeOf, seesProject, type ProjectPart } from './project-part.js';
import {
  PROJECT_ACTIONS,
  PROJECT_POLICY,
  applicationAbilities,
  buildingAbilities,
  can,
  receivesDocs,
  refusal,
  type ApplicationFacts,
  type DocVersionFacts,
  type PolicySubject,
  type ProjectAction,
  type ProjectActor,
} from './project-policy.js';

/*
 * The expected answers are written out again here as explicit lists, not as the predicates of
 * PROJECT_POLICY: every action is walked over every part, every standing in the organisation and
 * every state, and each answer must be the one listed. A state is written as a key of its facts
 * ("SUBMITTED/-/DRAFT/named"); `*` matches any one segment, and a final `*` the rest.
 */

const STANDINGS: Pick<ProjectActor, 'admin' | 'profiles'>[] = [
  { admin: false, profiles: [] },
  { admin: false, profiles: ['DATA_UPLOAD'] },
  { admin: false, profiles: ['DRAWING_APPROVAL_NORMAL'] },
  { admin: false, profiles: ['DRAWING_APPROVAL_DIRECTOR'] },
  { admin: false, profiles: ['DRAWING_APPROVAL_ADMIN'] },
  { admin: true, profiles: [] },
];
const ACTORS: ProjectActor[] = PROJECT_PARTS.flatMap((part) => STANDINGS.map((s) => ({ part, ...s })));
/** The agency's director, approval administrator or member admin. */
const isDecider = (a: ProjectActor) =>
  a.part === 'CENSOR' &&
  (a.admin ||
    a.profiles.includes('DRAWING_APPROVAL_DIRECTOR') ||
    a.profiles.includes('DRAWING_APPROVAL_ADMIN'));

const bools = [false, true];
const APPLICATIONS: ApplicationFacts[] = PROJECT_STATUS_KEYS.flatMap((status) =>
  bools.map((accepted) => ({ status, accepted })),
);
const VERSIONS: DocVersionFacts[] = DOC_VERSION_STATUS_KEYS.flatMap((status) =>
  bools.map((latest) => ({ status, latest })),
);

/** Every state of each subject, and its key as the expectations below spell it. */
const STATES: {
  [S in PolicySubject]: { all: unknown[]; key: (facts: never, actor: ProjectActor) => string };
} = {
  application: {
    all: APPLICATIONS,
    key: (f: ApplicationFacts) => `${f.status}/${f.accepted ? 'accepted' : '-'}`,
  },
  building: {
    all: APPLICATIONS.flatMap((project) =>
      BUILDING_STATUS_KEYS.flatMap((status: BuildingStatus) =>
        bools.map((named) => ({ project, building: { status }, named })),
      ),
    ),
    key: (f: { project: ApplicationFacts; building: { status: string }; named: boolean }) =>
      `${f.project.status}/${f.project.accepted ? 'accepted' : '-'}/${f.building.status}/${f.named ? 'named' : '-'}`,
  },
  docVersion: { all: VERSIONS, key: (v: DocVersionFacts) => `${v.status}/${v.latest ? 'latest' : 'old'}` },
  docCommit: {
    all: VERSIONS.flatMap((version) =>
      DOC_CATEGORY_KEYS.flatMap((category) =>
        bools.flatMap((committed) => bools.map((hasFiles) => ({ version, category, committed, hasFiles }))),
      ),
    ),
    key: (
      f: { version: DocVersionFacts; category: string; committed: boolean; hasFiles: boolean },
      a: ProjectActor,
    ) =>
      `${f.version.status}/${f.version.latest ? 'latest' : 'old'}/${f.category === a.part ? 'mine' : 'other'}/` +
      `${f.committed ? 'committed' : '-'}/${f.hasFiles ? 'files' : 'none'}`,
  },
  docSend: {
    all: VERSIONS.flatMap((version) => bools.map((allCommitted) => ({ version, allCommitted }))),
    key: (f: { version: DocVersionFacts; allCommitted: boolean }) =>
      `${f.version.status}/${f.version.latest ? 'latest' : 'old'}/${f.allCommitted ? 'all' : 'missing'}`,
  },
  docReturn: {
    all: VERSIONS.flatMap((version) => bools.map((stuck) => ({ version, stuck }))),
    key: (f: { version: DocVersionFacts; stuck: boolean }) =>
      `${f.version.status}/${f.version.latest ? 'latest' : 'old'}/${f.stuck ? 'stuck' : '-'}`,
  },
  docWrite: {
    all: VERSIONS.flatMap((version) =>
      DOC_CATEGORY_KEYS.flatMap((category) =>
        bools.flatMap((ownFolder) => bools.map((committed) => ({ version, category, ownFolder, committed }))),
      ),
    ),
    key: (
      f: { version: DocVersionFacts; category: string; ownFolder: boolean; committed: boolean },
      a: ProjectActor,
    ) =>
      `${f.version.status}/${f.version.latest ? 'latest' : 'old'}/${f.category === a.part ? 'mine' : 'other'}/` +
      `${f.ownFolder ? 'own' : 'foreign'}/${f.committed ? 'committed' : '-'}`,
  },
  surveyInfo: {
    all: [null, 'DRAFT', 'SUBMITTED'].map((status) => ({ status })),
    key: (f: { status: string | null }) => f.status ?? 'none',
  },
  alterStart: {
    all: bools.map((passed) => ({ passed })),
    key: (f: { passed: boolean }) => (f.passed ? 'passed' : '-'),
  },
  // bad actions (issue 19)
  badAction: {
    all: ['RECORDED', 'CONFIRMED', 'REJECTED', 'WITHDRAWN'].map((status) => ({ status })),
    key: (f: { status: string }) => f.status,
  },
  // review missions (issue 19): the state, the actor's part in the mission, and whether it directs
  mission: {
    all: ['ASSIGNED', 'SUBMITTED', 'RETURNED', 'DONE'].flatMap((status) =>
      bools.flatMap((reviewer) => bools.map((checker) => ({ status, reviewer, checker }))),
    ),
    key: (f: { status: string; reviewer: boolean; checker: boolean }, a: ProjectActor) =>
      `${f.status}/${f.reviewer ? 'reviewer' : '-'}/${f.checker ? 'checker' : '-'}/${isDecider(a) ? 'decider' : '-'}`,
  },
  // review opinions (issue 19): the mission's facts as above, then the opinion's state (none: new)
  opinion: {
    all: ['ASSIGNED', 'SUBMITTED', 'RETURNED', 'DONE'].flatMap((status) =>
      bools.flatMap((reviewer) =>
        bools.flatMap((checker) =>
          [null, 'DRAFT', 'RECORDED', 'RETURNED'].map((opinion) => ({
            mission: { status, reviewer, checker },
            status: opinion,
          })),
        ),
      ),
    ),
    key: (
      f: { mission: { status: string; reviewer: boolean; checker: boolean }; status: string | null },
      a: ProjectActor,
    ) =>
      `${f.mission.status}/${f.mission.reviewer ? 'reviewer' : '-'}/${f.mission.checker ? 'checker' : '-'}/` +
      `${isDecider(a) ? 'decider' : '-'}/${f.status ?? 'none'}`,
  },
  // opinion reports (issue 20): the application's status, the round's report, whether the round
  // has no cell, or missions open
  report: {
    all: ['IN_REVIEW', 'OPINIONS_ISSUED', 'PASSED'].flatMap((status) =>
      [null, 'COMPILING', 'READY', 'FAILED', 'FORWARDED'].flatMap((report) =>
        [
          [0, 0],
          [3, 0],
          [3, 2],
        ].flatMap(([cells, missionsOpen]) =>
          [0, 2].map((unsigned) => ({
            application: { status, accepted: true },
            status: report,
            cells,
            missionsOpen,
            unsigned,
          })),
        ),
      ),
    ),
    key: (f: {
      application: { status: string };
      status: string | null;
      cells: number;
      missionsOpen: number;
      unsigned: number;
    }) =>
      `${f.application.status}/${f.status ?? 'none'}/${f.cells === 0 ? 'empty' : f.missionsOpen > 0 ? 'open' : 'done'}/` +
      (f.unsigned > 0 ? 'unsigned' : 'signed'),
  },
  // answers (issue 20): the opinion's state, whether it is the acting unit's, the version the
  // answers go with (none before a report), the unit's hand-over, an answer already given
  answer: {
    all: ['OPEN', 'CLOSED'].flatMap((state) =>
      bools.flatMap((addressed) =>
        [null, ...VERSIONS].flatMap((version) =>
          bools.flatMap((committed) =>
            bools.map((answered) => ({ state, addressed, version, committed, answered })),
          ),
        ),
      ),
    ),
    key: (f: {
      state: string;
      addressed: boolean;
      version: DocVersionFacts | null;
      committed: boolean;
      answered: boolean;
    }) =>
      `${f.state}/${f.addressed ? 'mine' : 'other'}/` +
      `${f.version ? `${f.version.status}/${f.version.latest ? 'latest' : 'old'}` : 'none'}/` +
      `${f.committed ? 'committed' : '-'}/${f.answered ? 'answered' : '-'}`,
  },
  // a later round's decisions (issue 20): the mission's state, the actor's part in it, carried or not
  decision: {
    all: ['ASSIGNED', 'SUBMITTED', 'RETURNED', 'DONE'].flatMap((status) =>
      bools.flatMap((reviewer) =>
        bools.map((carried) => ({ mission: { status, reviewer, checker: false }, carried })),
      ),
    ),
    key: (f: { mission: { status: string; reviewer: boolean }; carried: boolean }) =>
      `${f.mission.status}/${f.mission.reviewer ? 'reviewer' : '-'}/${f.carried ? 'carried' : '-'}`,
  },
  // signing tasks (issue 21): the task's state and role, whether it names the actor, and the
  // actor's standing (a director; one who decides)
  signingTask: {
    all: ['WAITING', 'PENDING', 'SIGNED'].flatMap((status) =>
      ['REVIEWER', 'DIRECTOR', 'AGENCY'].flatMap((role) =>
        bools.map((assigned) => ({ status, role, assigned })),
      ),
    ),
    key: (f: { status: string; role: string; assigned: boolean }, a: ProjectActor) =>
      `${f.status}/${f.role}/${f.assigned ? 'assigned' : '-'}/` +
      `${a.profiles.includes('DRAWING_APPROVAL_DIRECTOR') ? 'director' : '-'}/${isDecider(a) ? 'decider' : '-'}`,
  },
  // the certificate (issue 21): the application's status, the certificate's, whether the last
  // report passed and was forwarded, and signatures missing
  certificate: {
    all: ['IN_REVIEW', 'OPINIONS_ISSUED', 'PASSED', 'FILED'].flatMap((status) =>
      [null, 'BUILDING', 'READY', 'FAILED', 'ISSUED', 'SUPERSEDED', 'REVOKED'].flatMap((certificate) =>
        bools.flatMap((passed) =>
          [0, 2].map((unsigned) => ({
            application: { status, accepted: true },
            status: certificate,
            passed,
            unsigned,
          })),
        ),
      ),
    ),
    key: (f: { application: { status: string }; status: string | null; passed: boolean; unsigned: number }) =>
      `${f.application.status}/${f.status ?? 'none'}/${f.passed ? 'passed' : '-'}/` +
      (f.unsigned > 0 ? 'unsigned' : 'signed'),
  },
  // the sealed drawing set (issue 21): the application's status, whether the last report passed,
  // the set's state and signatures given
  drawingSet: {
    all: ['IN_REVIEW', 'OPINIONS_ISSUED', 'PASSED', 'FILED'].flatMap((status) =>
      bools.flatMap((passed) =>
        [null, 'SIGNING', 'SEALED'].flatMap((set) =>
          [0, 2].map((signed) => ({ application: { status, accepted: true }, passed, status: set, signed })),
        ),
      ),
    ),
    key: (f: { application: { status: string }; passed: boolean; status: string | null; signed: number }) =>
      `${f.application.status}/${f.passed ? 'passed' : '-'}/${f.status ?? 'none'}/${f.signed}`,
  },
  // filing (issue 21): the certificate's state, the latest filing's
  filing: {
    all: [null, 'READY', 'ISSUED', 'REVOKED'].flatMap((certificate) =>
      [null, 'PENDING', 'CONFIRMED', 'REJECTED'].map((latest) => ({ certificate, latest })),
    ),
    key: (f: { certificate: string | null; latest: string | null }) =>
      `${f.certificate ?? 'none'}/${f.latest ?? 'none'}`,
  },
  filingDecision: {
    all: ['PENDING', 'CONFIRMED', 'REJECTED'].map((status) => ({ status })),
    key: (f: { status: string }) => f.status,
  },
};
/** Bad actions: a member of the agency with an approval profile (not the member admin by that alone). */
const isApprovalMember = (a: ProjectActor) =>
  a.part === 'CENSOR' && a.profiles.some((p) => p.startsWith('DRAWING_APPROVAL_'));

interface Expected {
  subject: PolicySubject;
  who: 'anyone' | 'decider' | 'approval' | readonly ProjectPart[];
  refused: ErrorCode;
  /** The states (keys) the action is open in. */
  open: readonly string[];
  /** Why every other state refuses it: the first matching pattern's code. */
  closed: readonly (readonly [string, ErrorCode])[];
}

const OPEN_BUILDINGS = ['DRAFT/*', 'SUBMITTED/*'];
const EXPECTED: Record<ProjectAction, Expected> = {
  'project.view': { subject: 'application', who: 'anyone', refused: 'NOT_FOUND', open: ['*'], closed: [] },
  'application.edit': {
    subject: 'application',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['DRAFT/*'],
    closed: [['*', 'PROJECT_NOT_DRAFT']],
  },
  'application.delete': {
    subject: 'application',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['DRAFT/*'],
    closed: [['*', 'PROJECT_NOT_DRAFT']],
  },
  'application.submit': {
    subject: 'application',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['DRAFT/*'],
    closed: [['*', 'PROJECT_NOT_DRAFT']],
  },
  'application.revoke': {
    subject: 'application',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['SUBMITTED/-', 'MATERIALS_SENT/-'],
    closed: [
      ['DRAFT/*', 'PROJECT_NOT_SUBMITTED'],
      ['*', 'PROJECT_ALREADY_ACCEPTED'],
    ],
  },
  'attachments.edit': {
    subject: 'application',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['DRAFT/*'],
    closed: [['*', 'PROJECT_NOT_DRAFT']],
  },
  'alter.start': {
    subject: 'alterStart',
    who: ['CONSTRUCT'],
    refused: 'NOT_FOUND',
    open: ['passed'],
    closed: [['*', 'ALTER_NO_PASSED_APPLICATION']],
  },
  'building.add': {
    subject: 'application',
    who: ['CONSTRUCT', 'DESIGN'],
    refused: 'FORBIDDEN',
    open: OPEN_BUILDINGS,
    closed: [['*', 'BUILDING_PROJECT_LOCKED']],
  },
  'building.edit': {
    subject: 'building',
    who: ['CONSTRUCT', 'DESIGN'],
    refused: 'FORBIDDEN',
    open: [
      'DRAFT/*/DRAFT/*',
      'DRAFT/*/REJECTED/*',
      'DRAFT/*/SUBMITTED/*',
      'SUBMITTED/*/DRAFT/*',
      'SUBMITTED/*/REJECTED/*',
    ],
    closed: [
      ...OPEN_BUILDINGS.map((p) => [p, 'BUILDING_NOT_EDITABLE'] as const),
      ['*', 'BUILDING_PROJECT_LOCKED'],
    ],
  },
  'building.submit': {
    subject: 'building',
    who: ['CONSTRUCT', 'DESIGN'],
    refused: 'FORBIDDEN',
    open: ['DRAFT/*/DRAFT/*', 'DRAFT/*/REJECTED/*', 'SUBMITTED/*/DRAFT/*', 'SUBMITTED/*/REJECTED/*'],
    closed: [
      ...OPEN_BUILDINGS.map((p) => [p, 'BUILDING_NOT_EDITABLE'] as const),
      ['*', 'BUILDING_PROJECT_LOCKED'],
    ],
  },
  'building.surveyFindings': {
    subject: 'building',
    who: ['SURVEY'],
    refused: 'FORBIDDEN',
    open: ['DRAFT/*/DRAFT/named', 'DRAFT/*/SUBMITTED/named', 'DRAFT/*/REJECTED/named'].flatMap((k) => [
      k,
      k.replace(/^DRAFT/, 'SUBMITTED'),
    ]),
    closed: [
      ['DRAFT/*/CONFIRMED/*', 'BUILDING_NOT_EDITABLE'],
      ['SUBMITTED/*/CONFIRMED/*', 'BUILDING_NOT_EDITABLE'],
      ...OPEN_BUILDINGS.map((p) => [p, 'BUILDING_UNIT_NOT_NAMED'] as const),
      ['*', 'BUILDING_PROJECT_LOCKED'],
    ],
  },
  'building.designInfo': {
    subject: 'building',
    who: ['DESIGN'],
    refused: 'FORBIDDEN',
    open: ['DRAFT/*/DRAFT/named', 'DRAFT/*/SUBMITTED/named', 'DRAFT/*/REJECTED/named'].flatMap((k) => [
      k,
      k.replace(/^DRAFT/, 'SUBMITTED'),
    ]),
    closed: [
      ['DRAFT/*/CONFIRMED/*', 'BUILDING_NOT_EDITABLE'],
      ['SUBMITTED/*/CONFIRMED/*', 'BUILDING_NOT_EDITABLE'],
      ...OPEN_BUILDINGS.map((p) => [p, 'BUILDING_UNIT_NOT_NAMED'] as const),
      ['*', 'BUILDING_PROJECT_LOCKED'],
    ],
  },
  'building.tasks': {
    subject: 'application',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['*'],
    closed: [],
  },
  'building.confirm': {
    subject: 'building',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['*/*/SUBMITTED/*'],
    closed: [['*', 'BUILDING_NOT_SUBMITTED']],
  },
  'building.reject': {
    subject: 'building',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['SUBMITTED/-/SUBMITTED/*', 'MATERIALS_SENT/-/SUBMITTED/*'],
    closed: [['*', 'BUILDING_REJECT_NOT_ALLOWED']],
  },
  'surveyInfo.own': {
    subject: 'application',
    who: ['SURVEY'],
    refused: 'NOT_FOUND',
    open: ['*'],
    closed: [],
  },
  'surveyInfo.edit': {
    subject: 'surveyInfo',
    who: ['SURVEY'],
    refused: 'NOT_FOUND',
    open: ['none', 'DRAFT'],
    closed: [['*', 'SURVEY_INFO_SUBMITTED']],
  },
  'surveyInfo.submit': {
    subject: 'surveyInfo',
    who: ['SURVEY'],
    refused: 'NOT_FOUND',
    open: ['DRAFT'],
    closed: [
      ['none', 'SURVEY_INFO_NOT_SAVED'],
      ['*', 'SURVEY_INFO_SUBMITTED'],
    ],
  },
  'docs.write': {
    subject: 'docWrite',
    who: 'anyone',
    refused: 'DOC_FOLDER_NOT_YOURS',
    open: ['UPLOADING/latest/mine/own/-'],
    closed: [
      ['UPLOADING/latest/mine/own/committed', 'DOC_ALREADY_COMMITTED'],
      ['UPLOADING/latest/*', 'DOC_FOLDER_NOT_YOURS'],
      ['*', 'DOC_VERSION_LOCKED'],
    ],
  },
  'docs.commit': {
    subject: 'docCommit',
    who: ['DESIGN', 'SURVEY'],
    refused: 'DOC_FOLDER_NOT_YOURS',
    open: ['UPLOADING/latest/mine/-/files'],
    closed: [
      ['*/*/other/*', 'DOC_FOLDER_NOT_YOURS'],
      ['UPLOADING/latest/mine/committed/*', 'DOC_ALREADY_COMMITTED'],
      ['UPLOADING/latest/mine/-/none', 'DOC_NOTHING_TO_COMMIT'],
      ['*', 'DOC_VERSION_LOCKED'],
    ],
  },
  'docs.send': {
    subject: 'docSend',
    who: ['CONSTRUCT'],
    refused: 'FORBIDDEN',
    open: ['UPLOADING/latest/all'],
    closed: [
      ['UPLOADING/latest/missing', 'DOC_UNITS_NOT_COMMITTED'],
      ['*', 'DOC_VERSION_LOCKED'],
    ],
  },
  'docs.accept': {
    subject: 'docVersion',
    who: 'decider',
    refused: 'DOC_DIRECTOR_ONLY',
    open: ['SUBMITTED/*'],
    closed: [['*', 'DOC_NOT_SENT']],
  },
  'docs.return': {
    subject: 'docReturn',
    who: 'decider',
    refused: 'DOC_DIRECTOR_ONLY',
    // An accepted version returns only while a building stands in the way (issue 17).
    open: ['SUBMITTED/*', 'REVIEW/latest/stuck'],
    closed: [['*', 'DOC_NOT_SENT']],
  },
  'docs.remind': {
    subject: 'docVersion',
    who: 'decider',
    refused: 'DOC_DIRECTOR_ONLY',
    open: ['UPLOADING/latest', 'SUBMITTED/latest'],
    closed: [['*', 'DOC_VERSION_LOCKED']],
  },
  'markups.draw': {
    subject: 'docVersion',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['REVIEW/*'],
    closed: [['*', 'MARKUP_VERSION_NOT_IN_REVIEW']],
  },
  'markups.reply': {
    subject: 'docVersion',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['REVIEW/*'],
    closed: [['*', 'MARKUP_VERSION_NOT_IN_REVIEW']],
  },
  // the project's notices (issue 19)
  'notices.view': { subject: 'application', who: ['CENSOR'], refused: 'NOT_FOUND', open: ['*'], closed: [] },
  // bad actions (issue 19)
  'badAction.view': {
    subject: 'application',
    who: ['CENSOR', 'SUPERVISOR'],
    refused: 'NOT_FOUND',
    open: ['*'],
    closed: [],
  },
  'badAction.record': {
    subject: 'application',
    who: 'approval',
    refused: 'FORBIDDEN',
    open: ['*/accepted'],
    closed: [['*', 'BAD_ACTION_NOT_IN_REVIEW']],
  },
  'badAction.withdraw': {
    subject: 'badAction',
    who: 'approval',
    refused: 'FORBIDDEN',
    open: ['RECORDED'],
    closed: [['*', 'BAD_ACTION_NOT_RECORDED']],
  },
  'badAction.decide': {
    subject: 'badAction',
    who: ['SUPERVISOR'],
    refused: 'FORBIDDEN',
    open: ['RECORDED'],
    closed: [['*', 'BAD_ACTION_NOT_RECORDED']],
  },
  // review missions (issue 19)
  'missions.view': { subject: 'application', who: ['CENSOR'], refused: 'FORBIDDEN', open: ['*'], closed: [] },
  'missions.assign': {
    subject: 'application',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['IN_REVIEW/accepted'],
    closed: [['*', 'MISSIONS_NOT_IN_REVIEW']],
  },
  'mission.submit': {
    subject: 'mission',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['ASSIGNED/reviewer/*', 'RETURNED/reviewer/*'],
    closed: [
      ['*/-/*', 'MISSION_NOT_YOURS'],
      ['*', 'MISSION_NOT_OPEN'],
    ],
  },
  'mission.check': {
    subject: 'mission',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['SUBMITTED/*/checker/*', 'SUBMITTED/*/*/decider'],
    closed: [
      ['*/*/-/-', 'MISSION_NOT_CHECKER'],
      ['*', 'MISSION_NOT_SUBMITTED'],
    ],
  },
  // review opinions (issue 19)
  'opinions.view': { subject: 'application', who: ['CENSOR'], refused: 'FORBIDDEN', open: ['*'], closed: [] },
  'opinion.write': {
    subject: 'opinion',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['ASSIGNED/reviewer/*', 'RETURNED/reviewer/*'],
    closed: [
      ['DONE/*', 'OPINION_MISSION_DONE'],
      ['*/-/*', 'OPINION_MISSION_NOT_YOURS'],
      ['*', 'OPINION_MISSION_NOT_OPEN'],
    ],
  },
  'opinion.check': {
    subject: 'opinion',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['SUBMITTED/*/checker/*/RECORDED', 'SUBMITTED/*/*/decider/RECORDED'],
    closed: [
      ['DONE/*', 'OPINION_MISSION_DONE'],
      ['*/*/-/-/*', 'OPINION_NOT_CHECKER'],
      ['*', 'OPINION_MISSION_NOT_SUBMITTED'],
    ],
  },
  // opinion reports (issue 20)
  'reports.view': { subject: 'application', who: 'anyone', refused: 'NOT_FOUND', open: ['*'], closed: [] },
  'report.compile': {
    subject: 'report',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['IN_REVIEW/none/done/*', 'IN_REVIEW/READY/done/*', 'IN_REVIEW/FAILED/done/*'],
    closed: [
      ['OPINIONS_ISSUED/*', 'REPORT_NOT_IN_REVIEW'],
      ['PASSED/*', 'REPORT_NOT_IN_REVIEW'],
      ['*/FORWARDED/*', 'REPORT_ALREADY_FORWARDED'],
      ['*/COMPILING/*', 'REPORT_COMPILING'],
      ['*/*/empty/*', 'REPORT_ROUND_EMPTY'],
      ['*', 'REPORT_MISSIONS_OPEN'],
    ],
  },
  'report.forward': {
    subject: 'report',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['IN_REVIEW/READY/*/signed'],
    closed: [
      ['*/FORWARDED/*', 'REPORT_ALREADY_FORWARDED'],
      ['IN_REVIEW/READY/*/unsigned', 'REPORT_NOT_SIGNED'],
      ['*/READY/*', 'REPORT_NOT_IN_REVIEW'],
      ['*', 'REPORT_NOT_READY'],
    ],
  },
  // the certificate of passing review (issue 21)
  'certificates.view': {
    subject: 'application',
    who: 'anyone',
    refused: 'NOT_FOUND',
    open: ['*'],
    closed: [],
  },
  'certificate.compile': {
    subject: 'certificate',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['PASSED/none/passed/*', 'PASSED/READY/passed/*', 'PASSED/FAILED/passed/*'],
    closed: [
      ['*/ISSUED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['*/SUPERSEDED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['*/REVOKED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['PASSED/BUILDING/passed/*', 'CERTIFICATE_BUILDING'],
      ['*', 'CERTIFICATE_NOT_PASSED'],
    ],
  },
  'certificate.issue': {
    subject: 'certificate',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['*/READY/*/signed'],
    closed: [
      ['*/ISSUED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['*/SUPERSEDED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['*/REVOKED/*', 'CERTIFICATE_ALREADY_ISSUED'],
      ['*/READY/*/unsigned', 'CERTIFICATE_NOT_SIGNED'],
      ['*', 'CERTIFICATE_NOT_READY'],
    ],
  },
  'certificate.revoke': {
    subject: 'certificate',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['*/ISSUED/*'],
    closed: [['*', 'CERTIFICATE_NOT_ISSUED']],
  },
  // the sealed drawing set (issue 21)
  'drawingSet.compile': {
    subject: 'drawingSet',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: [
      'PASSED/passed/none/0',
      'FILED/passed/none/0',
      'PASSED/passed/SIGNING/0',
      'FILED/passed/SIGNING/0',
    ],
    closed: [
      ['*/*/SEALED/*', 'DRAWING_SET_SEALED'],
      ['*/*/*/2', 'DRAWING_SET_SIGNING'],
      ['*', 'CERTIFICATE_NOT_PASSED'],
    ],
  },
  // filing (issue 21)
  'filings.view': {
    subject: 'application',
    who: ['CENSOR', 'SUPERVISOR'],
    refused: 'NOT_FOUND',
    open: ['*'],
    closed: [],
  },
  'filing.file': {
    subject: 'filing',
    who: 'decider',
    refused: 'FORBIDDEN',
    open: ['ISSUED/none', 'ISSUED/REJECTED'],
    closed: [
      ['ISSUED/PENDING', 'FILING_PENDING'],
      ['ISSUED/CONFIRMED', 'FILING_ALREADY_CONFIRMED'],
      ['*', 'FILING_NO_CERTIFICATE'],
    ],
  },
  'filing.decide': {
    subject: 'filingDecision',
    who: ['SUPERVISOR'],
    refused: 'FORBIDDEN',
    open: ['PENDING'],
    closed: [['*', 'FILING_ALREADY_DECIDED']],
  },
  // answers and the next rounds (issue 20)
  'answers.view': { subject: 'application', who: 'anyone', refused: 'NOT_FOUND', open: ['*'], closed: [] },
  'answer.give': {
    subject: 'answer',
    who: ['DESIGN', 'SURVEY'],
    refused: 'FORBIDDEN',
    open: ['OPEN/mine/UPLOADING/latest/-/-'],
    closed: [
      ['*/other/*', 'ANSWER_NOT_YOURS'],
      ['CLOSED/*', 'ANSWER_OPINION_CLOSED'],
      ['OPEN/mine/UPLOADING/latest/committed/*', 'ANSWER_COMMITTED'],
      ['OPEN/mine/UPLOADING/latest/-/answered', 'ANSWER_EXISTS'],
      ['*', 'ANSWER_ROUND_LOCKED'],
    ],
  },
  'answer.change': {
    subject: 'answer',
    who: ['DESIGN', 'SURVEY'],
    refused: 'FORBIDDEN',
    open: ['OPEN/mine/UPLOADING/latest/-/answered'],
    closed: [
      ['*/other/*', 'ANSWER_NOT_YOURS'],
      ['CLOSED/*', 'ANSWER_OPINION_CLOSED'],
      ['OPEN/mine/UPLOADING/latest/committed/*', 'ANSWER_COMMITTED'],
      ['OPEN/mine/UPLOADING/latest/-/-', 'ANSWER_MISSING'],
      ['*', 'ANSWER_ROUND_LOCKED'],
    ],
  },
  'opinion.decide': {
    subject: 'decision',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['ASSIGNED/reviewer/carried', 'RETURNED/reviewer/carried'],
    closed: [
      ['*/*/-', 'DECISION_NOT_CARRIED'],
      ['DONE/*', 'OPINION_MISSION_DONE'],
      ['*/-/*', 'OPINION_MISSION_NOT_YOURS'],
      ['*', 'OPINION_MISSION_NOT_OPEN'],
    ],
  },
  // electronic signatures (issue 21)
  'signatures.view': { subject: 'application', who: 'anyone', refused: 'NOT_FOUND', open: ['*'], closed: [] },
  'signature.sign': {
    subject: 'signingTask',
    who: ['CENSOR'],
    refused: 'FORBIDDEN',
    open: ['PENDING/REVIEWER/assigned/*', 'PENDING/DIRECTOR/*/director/*', 'PENDING/AGENCY/*/*/decider'],
    closed: [
      ['SIGNED/*', 'SIGNATURE_ALREADY_SIGNED'],
      ['*/REVIEWER/-/*', 'SIGNATURE_NOT_YOURS'],
      ['*/DIRECTOR/*/-/*', 'SIGNATURE_NO_PROFILE'],
      ['*/AGENCY/*/*/-', 'SIGNATURE_NO_PROFILE'],
      ['*', 'SIGNATURE_WAITING'],
    ],
  },
};

function matches(pattern: string, key: string) {
  const p = pattern.split('/');
  const k = key.split('/');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '*' && i === p.length - 1) return true;
    if (p[i] !== '*' && p[i] !== k[i]) return false;
  }
  return p.length === k.length;
}

function expectedAnswer(e: Expected, actor: ProjectActor, key: string): ErrorCode | undefined {
  const allowed =
    e.who === 'anyone'
      ? true
      : e.who === 'decider'
        ? isDecider(actor)
        : e.who === 'approval'
          ? isApprovalMember(actor)
          : e.who.includes(actor.part);
  if (!allowed) return e.refused;
  if (e.open.some((p) => matches(p, key))) return undefined;
  const closed = e.closed.find(([p]) => matches(p, key));
  if (!closed) throw new Error(`no expectation for state ${key}`);
  return closed[1];
}

describe('PROJECT_POLICY', () => {
  it('has an expectation for every action, and no other', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...PROJECT_ACTIONS].sort());
  });

  for (const action of PROJECT_ACTIONS) {
    it(`${action}: every part × standing × state answers as listed`, () => {
      const e = EXPECTED[action];
      expect(PROJECT_POLICY[action].subject).toBe(e.subject);
      const states = STATES[e.subject];
      let opened = 0;
      const seen = new Set<ErrorCode>();
      for (const actor of ACTORS)
        for (const facts of states.all) {
          const key = states.key(facts as never, actor);
          const want = expectedAnswer(e, actor, key);
          const got = refusal(action, actor, facts as never);
          if (got !== want)
            throw new Error(`${action} for ${JSON.stringify(actor)} in ${key}: ${got} instead of ${want}`);
          expect(can(action, actor, facts as never)).toBe(want === undefined);
          if (want === undefined) opened++;
          else seen.add(want);
        }
      // Some state opens the action, and every refusal listed is reached by some state.
      expect(opened).toBeGreaterThan(0);
      for (const [, code] of e.closed) expect(seen).toContain(code);
      if (e.who !== 'anyone') expect(seen).toContain(e.refused);
    });
  }

  it('receivesDocs is the agency director, approval administrator or member admin, of a review agency only', () => {
    const member = (orgType: string, admin: boolean, profiles: string[]) => ({ orgType, admin, profiles });
    expect(receivesDocs(member('CENSOR', false, ['DRAWING_APPROVAL_DIRECTOR']))).toBe(true);
    expect(receivesDocs(member('CENSOR', false, ['DRAWING_APPROVAL_ADMIN']))).toBe(true);
    expect(receivesDocs(member('CENSOR', true, []))).toBe(true);
    expect(receivesDocs(member('CENSOR', false, ['DRAWING_APPROVAL_NORMAL']))).toBe(false);
    expect(receivesDocs(member('CONSTRUCT', true, ['DRAWING_APPROVAL_DIRECTOR']))).toBe(false);
  });

  it('abilities are the table answers under the screen names', () => {
    const owner: ProjectActor = { part: 'CONSTRUCT', admin: false, profiles: [] };
    const director: ProjectActor = { part: 'CENSOR', admin: false, profiles: ['DRAWING_APPROVAL_DIRECTOR'] };
    const design: ProjectActor = { part: 'DESIGN', admin: false, profiles: [] };
    expect(applicationAbilities(owner, { status: 'DRAFT', accepted: false })).toEqual({
      edit: true,
      delete: true,
      submit: true,
      revoke: false,
      editAttachments: true,
      addBuildings: true,
      buildingTasks: false,
      fillSurveyInfo: false,
    });
    expect(applicationAbilities(owner, { status: 'MATERIALS_SENT', accepted: false })).toEqual({
      edit: false,
      delete: false,
      submit: false,
      revoke: true,
      editAttachments: false,
      addBuildings: false,
      buildingTasks: false,
      fillSurveyInfo: false,
    });
    const submitted = {
      project: { status: 'SUBMITTED', accepted: false },
      building: { status: 'SUBMITTED' },
    } as const;
    expect(buildingAbilities(director, submitted, { design: false, survey: false })).toEqual({
      edit: false,
      submit: false,
      confirm: true,
      reject: true,
      editDesignInfo: false,
      editSurveyFindings: false,
    });
    expect(buildingAbilities(design, submitted, { design: true, survey: false })).toEqual({
      edit: false,
      submit: false,
      confirm: false,
      reject: false,
      editDesignInfo: true,
      editSurveyFindings: false,
    });
    expect(buildingAbilities(design, submitted, { design: false, survey: false }).editDesignInfo).toBe(false);
    // Only a survey unit named in the application (its part is SURVEY) fills in survey information.
    const survey: ProjectActor = { part: 'SURVEY', admin: false, profiles: [] };
    expect(applicationAbilities(survey, { status: 'SUBMITTED', accepted: false }).fillSurveyInfo).toBe(true);
    expect(applicationAbilities(design, { status: 'SUBMITTED', accepted: false }).fillSurveyInfo).toBe(false);
  });
});

describe('visibility', () => {
  const project = (status: 'DRAFT' | 'SUBMITTED', regionCode: string | null = '430102') => ({
    status,
    regionCode,
    constructOrgId: 'c1',
  });
  const parties = [
    { orgId: 'c1', role: 'CONSTRUCT' as const },
    { orgId: 'd1', role: 'DESIGN' as const },
  ];

  it('the construction unit sees its own, drafts too; no one else sees a draft', () => {
    expect(seesProject(scopeOf({ orgId: 'c1', orgType: 'CONSTRUCT' }, null), project('DRAFT'), parties)).toBe(
      true,
    );
    expect(
      seesProject(scopeOf({ orgId: 'c2', orgType: 'CONSTRUCT' }, null), project('SUBMITTED'), parties),
    ).toBe(false);
    expect(seesProject(scopeOf({ orgId: 'd1', orgType: 'DESIGN' }, null), project('DRAFT'), parties)).toBe(
      false,
    );
    expect(
      seesProject(scopeOf({ orgId: 'j1', orgType: 'JOINTTRIAL' }, null), project('DRAFT'), parties),
    ).toBe(false);
  });

  it('a named unit, its region authority and joint-review bodies see it once submitted', () => {
    expect(
      seesProject(scopeOf({ orgId: 'd1', orgType: 'DESIGN' }, null), project('SUBMITTED'), parties),
    ).toBe(true);
    expect(
      seesProject(scopeOf({ orgId: 'd2', orgType: 'DESIGN' }, null), project('SUBMITTED'), parties),
    ).toBe(false);
    expect(
      seesProject(scopeOf({ orgId: 'd1', orgType: 'SURVEY' }, null), project('SUBMITTED'), parties),
    ).toBe(false);
    expect(
      seesProject(scopeOf({ orgId: 'k', orgType: 'CONTROL' }, '430100'), project('SUBMITTED'), parties),
    ).toBe(true);
    expect(
      seesProject(scopeOf({ orgId: 'k', orgType: 'CONTROL' }, '440100'), project('SUBMITTED'), parties),
    ).toBe(false);
    expect(
      seesProject(scopeOf({ orgId: 'k', orgType: 'CONTROL' }, null), project('SUBMITTED', null), parties),
    ).toBe(true);
    expect(
      seesProject(scopeOf({ orgId: 'j1', orgType: 'JOINTTRIAL' }, null), project('SUBMITTED'), parties),
    ).toBe(true);
  });

  it('the part follows the organisation type', () => {
    expect(partOf('CONTROL')).toBe('SUPERVISOR');
    expect(partOf('JOINTTRIAL')).toBe('JOINT_REVIEW');
    expect(partOf('CENSOR')).toBe('CENSOR');
  });
});

describe('lifecycle', () => {
  it('the application moves as the steps say and stays put otherwise', () => {
    expect(applicationAfter('submit', 'DRAFT')).toBe('SUBMITTED');
    expect(applicationAfter('revoke', 'MATERIALS_SENT')).toBe('DRAFT');
    expect(applicationAfter('sendDocs', 'SUBMITTED')).toBe('MATERIALS_SENT');
    expect(applicationAfter('sendDocs', 'IN_REVIEW')).toBe('IN_REVIEW');
    expect(applicationAfter('acceptDocs', 'MATERIALS_SENT')).toBe('IN_REVIEW');
    // The revised drawings answering a round's opinions are accepted: the next round (issue 20).
    expect(applicationAfter('acceptDocs', 'OPINIONS_ISSUED')).toBe('IN_REVIEW');
    expect(applicationAfter('acceptDocs', 'PASSED')).toBe('PASSED');
    expect(applicationAfter('returnDocs', 'MATERIALS_SENT')).toBe('SUBMITTED');
    expect(applicationAfter('returnDocs', 'IN_REVIEW')).toBe('IN_REVIEW');
  });

  it('buildings and document versions too', () => {
    expect(buildingAfter('change', 'SUBMITTED')).toBe('DRAFT');
    expect(buildingAfter('change', 'REJECTED')).toBe('REJECTED');
    expect(buildingAfter('submit', 'REJECTED')).toBe('SUBMITTED');
    expect(docVersionAfter('send', 'UPLOADING')).toBe('SUBMITTED');
    expect(docVersionAfter('accept', 'SUBMITTED')).toBe('REVIEW');
    expect(docVersionAfter('return', 'SUBMITTED')).toBe('UPLOADING');
    expect(docVersionAfter('return', 'REVIEW')).toBe('REVIEW');
    expect(docVersionAfter('recover', 'REVIEW')).toBe('UPLOADING');
    expect(applicationAfter('recoverDocs', 'IN_REVIEW')).toBe('SUBMITTED');
    expect(applicationAfter('recoverDocs', 'PASSED')).toBe('PASSED');
  });
});
