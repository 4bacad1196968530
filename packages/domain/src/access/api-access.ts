import { AREAS, type AreaKey, type Principal, type PrincipalMember } from './areas.js';

/**
 * How the server decides who may call one API route.
 * - public: anyone, signed in or not.
 * - signedIn: any valid token.
 * - area: the acting member (the route's `orgId` parameter, else the `X-Org-Id` header, else any
 *   qualifying membership) must qualify for the area; acting for an organisation the caller does
 *   not belong to answers 404 like a missing record, a known one without the profile 403.
 * - orgAdmin: an admin member of the route's `orgId` organisation, or the system admin.
 * - systemAdmin: the account's system-admin flag.
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'area'; areas: readonly AreaKey[]; project?: boolean }
  | { kind: 'orgAdmin' }
  | { kind: 'systemAdmin' };

export const PUBLIC: AccessRule = { kind: 'public' };
export const SIGNED_IN: AccessRule = { kind: 'signedIn' };
export const SYSTEM_ADMIN: AccessRule = { kind: 'systemAdmin' };
export const inArea = (...areas: AreaKey[]): AccessRule => ({ kind: 'area', areas });
export const ORG_ADMIN: AccessRule = { kind: 'orgAdmin' };

/**
 * The one table of who may call what: "METHOD /url-pattern" as Fastify registers it. The server
 * refuses to start when a registered route is missing here, so no route goes unguarded.
 */
/**
 * Routes under one project (`…/:orgId/:projectId/…`) are project routes: spec §6 lets some members
 * into an area but not into its projects (the audit area's print clerk without an approval profile).
 */
function markProjectRoutes(table: Record<string, AccessRule>): Record<string, AccessRule> {
  return Object.fromEntries(
    Object.entries(table).map(([route, rule]) => [
      route,
      rule.kind === 'area' && route.includes('/:projectId/') ? { ...rule, project: true } : rule,
    ]),
  );
}

export const API_ACCESS: Record<string, AccessRule> = markProjectRoutes({
  'GET /api/health': PUBLIC,
  // The OpenAPI document and its UI, with their static assets.
  'GET /api/docs*': PUBLIC,
  'GET /api/platform/config': PUBLIC,
  'GET /api/platform/manual': PUBLIC,
  'POST /uaa/login': PUBLIC,
  'POST /uaa/oauth/authorize': PUBLIC,
  'POST /uaa/oauth/token': PUBLIC,
  // A signed-in caller asks for a one-time code; anyone holding the code exchanges it once.
  'POST /uaa/handover': SIGNED_IN,
  'POST /uaa/handover/token': PUBLIC,
  'GET /uaa/captcha': PUBLIC,
  'POST /uaa/forgot-password': PUBLIC,
  'GET /uaa/logout': PUBLIC,
  'GET /api/logout': PUBLIC,
  'GET /api/admin/account': SIGNED_IN,
  'POST /api/admin/account/password': SIGNED_IN,
  'GET /api/admin/permission/isBusinessAdmin': SIGNED_IN,
  'GET /api/admin/audit-events': SYSTEM_ADMIN,
  // Organisations: directory look-ups serve every signed-in user (choosing project parties);
  // creating and disabling organisations is the system admin's.
  'POST /api/admin/company/pasau/getAllCompany': SIGNED_IN,
  'GET /api/admin/company/getCompanyByOrgType/:type': SIGNED_IN,
  'GET /api/admin/member/getOrgAdmins/:ids': SIGNED_IN,
  'GET /api/admin/member/getOrgAdmin/:id': SIGNED_IN,
  'POST /api/admin/orgs': SYSTEM_ADMIN,
  'PUT /api/admin/orgs/:orgId/enabled': SYSTEM_ADMIN,
  // Registration: anyone may apply; a rejected applicant reads and corrects the application with
  // the short-lived token the sign-in answer handed over. The system admin decides.
  'POST /api/register/licence': PUBLIC,
  'POST /api/register/applications': PUBLIC,
  'GET /api/register/applications/:id': PUBLIC,
  'PUT /api/register/applications/:id': PUBLIC,
  'GET /table/list': SYSTEM_ADMIN,
  'GET /api/admin/org-applications/:id': SYSTEM_ADMIN,
  'GET /api/admin/org-applications/:id/licence': SYSTEM_ADMIN,
  'POST /api/admin/org-applications/:id/approve': SYSTEM_ADMIN,
  'POST /api/admin/org-applications/:id/reject': SYSTEM_ADMIN,
  // The enterprise directory, kept by information-service staff (and the system admin).
  'GET /api/info/orgs/:id': inArea('info'),
  'POST /api/info/orgs': inArea('info'),
  'PUT /api/info/orgs/:id': inArea('info'),
  'GET /api/admin/orgs/:orgId/members': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members': ORG_ADMIN,
  'PUT /api/admin/orgs/:orgId/members/:memberId': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members/:memberId/password-reset': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/members/:memberId/unlock': ORG_ADMIN,
  // Invitations of existing accounts: the org's admins send, list and cancel them; the invited
  // person (any signed-in account) lists and answers their own, checked per record.
  'POST /api/admin/orgs/:orgId/invitations': ORG_ADMIN,
  'GET /api/admin/orgs/:orgId/invitations': ORG_ADMIN,
  'POST /api/admin/orgs/:orgId/invitations/:invitationId/cancel': ORG_ADMIN,
  'GET /api/admin/account/invitations': SIGNED_IN,
  'POST /api/admin/account/invitations/:id/accept': SIGNED_IN,
  'POST /api/admin/account/invitations/:id/decline': SIGNED_IN,
  // Messages: any signed-in caller, who reads and marks only the messages of organisations they
  // belong to (checked per record); the live stream says only that something arrived.
  'GET /api/message/messages': SIGNED_IN,
  'PUT /api/message/messageReceivers/:id/read': SIGNED_IN,
  'PUT /api/message/messageReceivers/read': SIGNED_IN,
  'GET /api/message/events': SIGNED_IN,
  // Whether an application is (still) submitted: asked when a design or survey unit opens a
  // message about it; only organisations taking part in the project get an answer.
  'GET /api/checkDrawings/project/isSubmitted/:projectId': inArea('apply', 'submit', 'audit'),
  // Project masters and applications: the construction unit writes; the parties, the supervising
  // authority of the region and joint-review bodies read (record checks in projects.service).
  'POST /api/checkDrawings/:orgId/projectDic/add': inArea('apply'),
  'POST /api/checkDrawings/:orgId/projectDic/update': inArea('apply'),
  'DELETE /api/checkDrawings/:orgId/projectDic/delete/:id': inArea('apply'),
  'POST /api/checkDrawings/:orgId/projectDic/query': inArea('apply'),
  'GET /api/checkDrawings/codeGenerate/getProjectCode': inArea('apply'),
  'POST /api/checkDrawings/project/add': inArea('apply'),
  'PUT /api/checkDrawings/project/update': inArea('apply'),
  'DELETE /api/checkDrawings/project/delete/:id': inArea('apply'),
  'PUT /api/checkDrawings/project/:id/submit/:n': inArea('apply'),
  'PUT /api/checkDrawings/project/revoke/:id': inArea('apply'),
  'GET /api/checkDrawings/project/detail/:id': inArea('apply', 'submit', 'audit', 'supervise', 'joint'),
  'GET /api/checkDrawings/project/isFirstReport/:id': inArea('apply', 'submit', 'audit'),
  'GET /api/checkDrawings/project/isAccept/:projectId': inArea('apply', 'submit', 'audit'),
  'GET /api/checkDrawings/project/pagelist': inArea('apply', 'submit', 'audit'),
  'GET /api/checkDrawings/project/search': inArea('apply', 'submit', 'audit'),
  'GET /api/checkDrawings/project/baselist': inArea('apply', 'submit', 'audit'),
  'GET /api/checkDrawings/project/searchForSupervise': inArea('supervise', 'joint'),
  // The workbench's counts of the area's list by status: whoever has a list.
  'GET /api/checkDrawings/project/projectStatusCounts': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // Review dictionaries (specialties, hazard sources, mandatory clauses...): every form needs them.
  'GET /api/checkDrawings/cdDictionary/:kind': SIGNED_IN,
  // Clause library (issue 19): the general codes are public law, so any signed-in user may look
  // clauses up (designers check the clauses an opinion cites); only the system admin maintains them.
  'GET /api/checkDrawings/cdDictionary/mandatoryTerm': SIGNED_IN,
  'GET /api/checkDrawings/clauses/search': SIGNED_IN,
  'GET /api/checkDrawings/clauses/versions/:id': SIGNED_IN,
  'GET /api/admin/standards': SYSTEM_ADMIN,
  'POST /api/admin/standards': SYSTEM_ADMIN,
  'PUT /api/admin/standards/:id': SYSTEM_ADMIN,
  'GET /api/admin/standards/:id/clauses': SYSTEM_ADMIN,
  'POST /api/admin/standards/:id/clauses/import': SYSTEM_ADMIN,
  // Buildings of an application: the construction unit and the design units edit, survey units add
  // their findings, the review agency confirms or rejects; parties, supervision and joint review
  // read (record checks in buildings.service).
  'GET /api/checkDrawings/:orgId/:projectId/building/getBuildings': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/queryBuildings': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/queryTaskBuildings': inArea('audit'),
  // The reviewer's own missions; buildings.service reads them for the signed-in account.
  'GET /api/checkDrawings/:orgId/:projectId/building/queryAssignedTaskBuildings': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/building/getBuildingDictionary': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/:buildingId': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/getAll/:ids': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'PUT /api/checkDrawings/:orgId/:projectId/building/confirm/:id': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/building/saveBuildingInfo': inArea('apply', 'submit'),
  'POST /api/checkDrawings/:orgId/:projectId/building/saveBuildingSurveyInfo': inArea('submit'),
  'PUT /api/checkDrawings/:orgId/:projectId/building/submit/:ids': inArea('apply', 'submit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/building/deleteBuildingInfos/:ids': inArea('apply', 'submit'),
  'GET /api/checkDrawings/:orgId/:projectId/building/getBuildingSurveyInfo/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/getBuildingHazardSources/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/building/saveBuildingHazardSources': inArea('apply', 'submit'),
  'GET /api/checkDrawings/:orgId/:projectId/building/getBuildingDesignInfo/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/building/saveBuildingDesignInfos': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/building/getDesignUnit': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/building/getSurveyUnit': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'PUT /api/checkDrawings/:orgId/:projectId/building/reject/:ids': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/building/allowReject/:id': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/building/copyBuildingInfo': inArea('apply', 'submit'),
  'DELETE /api/checkDrawings/:orgId/building/deleteBuildingHazardSources/:ids': inArea('apply', 'submit'),
  'DELETE /api/checkDrawings/:orgId/building/deleteBuildingDesignInfos/:ids': inArea('submit'),
  'POST /api/checkDrawings/:orgId/buildingFeedback/add': inArea('audit'),
  'GET /api/checkDrawings/:orgId/buildingFeedback/query/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/project/getSurveyDesignUnits': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // Survey info (勘察信息): a survey unit named in the application writes its own; whoever sees the
  // application reads the submitted ones (record checks in survey-infos.service).
  'GET /api/checkDrawings/:orgId/:projectId/surveyInfo/get': inArea('submit'),
  'POST /api/checkDrawings/:orgId/:projectId/surveyInfo/save': inArea('submit'),
  'PUT /api/checkDrawings/:orgId/:projectId/surveyInfo/submit/:id': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/surveyInfo/getSurveyInfos': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // Change applications (变更): the construction unit writes; whoever sees the application reads
  // (record checks in project-alters.service).
  'GET /api/checkDrawings/projectAlterDetail/:id': inArea('apply', 'submit', 'audit', 'supervise', 'joint'),
  'POST /api/checkDrawings/projectAlterDetail/saveOrUpdate': inArea('apply'),
  'GET /api/checkDrawings/projectAlterDetail/getPassedBuildings': inArea('apply'),
  // Attachments of an application: the construction unit changes them while a draft; whoever sees
  // the application lists and downloads (record checks in project-docs.service).
  // Document repository: everyone who sees the application reads it; design and survey units
  // (the submit area) change their own folders while the version is uploading.
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryVersion/listAll': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/listTree': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/saveFolder': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/queryFile': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getPersonInfo/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getOperationCode': inArea('submit'),
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/saveFile': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/commitDoc': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/confirmApplyDoc': inArea('apply', 'audit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/supplyDoc': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepositoryOrg/getDocVersionState': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/docRepositoryFeedback/query': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // The operation code authorises the upload itself (doc-uploads.routes).
  'POST /api/files/upload': PUBLIC,
  // Resumable uploads (tus 1.0.0, doc-tus.routes): the code creates one, then the token in its
  // URL is the credential. The access plugin looks HEAD up as GET; no GET route exists.
  'OPTIONS /api/files/tus': PUBLIC,
  'POST /api/files/tus': PUBLIC,
  'HEAD /api/files/tus/:id': PUBLIC,
  'PATCH /api/files/tus/:id': PUBLIC,
  'DELETE /api/files/tus/:id': PUBLIC,
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/rename/:id': inArea('submit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/delete/:id': inArea('submit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/deleteAll/:ids': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/updown/:id/:targetId/:flag': inArea('submit'),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/reorder/:x': inArea('submit'),
  // Reading files: whoever sees the application gets a short-lived signed link, which is itself
  // the credential of the public file route (doc-files.service); the zip of a version names no
  // orgId in its path, so the acting organisation comes from X-Org-Id.
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getViewURL': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getViewToken': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/files/view/:token': PUBLIC,
  // The drawing viewer (issue 18): the prepared sheet of a file and its live channel, for whoever
  // sees the application (the spec names apply, submit, audit and supervise; joint reads too).
  // The sheet's images and the channel answer under /api/files with the signed token as credential.
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/sheet': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/getSignalUrl': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/files/sheets/:token/preview/:page': PUBLIC,
  'GET /api/files/sheets/:token/tile/:page/:z/:x/:y': PUBLIC,
  'GET /api/files/sheets/:token/tiles/:page/:z': PUBLIC,
  'GET /api/files/sheets/:token/text/:page': PUBLIC,
  'GET /api/files/signal/:token': PUBLIC,
  // Markups: every party reads the published ones (and its own); the agency draws (PROJECT_POLICY
  // markups.draw decides inside the area).
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups/xfdf': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/markups/burned': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id': inArea('audit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id/publish': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups/:id/replies': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/docRepository/markups/xfdf': inArea('audit'),
  // Review missions (issue 19): the agency's members; PROJECT_POLICY missions.* / mission.* decide
  // who assigns, submits and checks. The workbench lists are the acting agency's, not a project's.
  'GET /api/checkDrawings/missions/mine': inArea('audit'),
  'GET /api/checkDrawings/missions/board': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/missions': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/missions/proposal': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/:projectId/missions': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/missions/:missionId': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/submit': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/accept': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/missions/:missionId/return': inArea('audit'),
  // Review opinions (issue 19): the agency's members; PROJECT_POLICY opinions.view / opinion.write /
  // opinion.check decide inside the area. Phrases are the acting agency's and its members' own.
  'GET /api/checkDrawings/:orgId/:projectId/opinions': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/opinions': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/opinions/:id': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/:projectId/opinions/:id': inArea('audit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/opinions/:id': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/opinions/:id/return': inArea('audit'),
  'GET /api/checkDrawings/:orgId/opinionPhrases': inArea('audit'),
  'POST /api/checkDrawings/:orgId/opinionPhrases': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/opinionPhrases/:id': inArea('audit'),
  'DELETE /api/checkDrawings/:orgId/opinionPhrases/:id': inArea('audit'),
  // Bad actions (issue 19): the agency records and withdraws, the region's authority decides;
  // PROJECT_POLICY badAction.* decides inside the areas.
  'GET /api/checkDrawings/:orgId/:projectId/badAction': inArea('audit', 'supervise'),
  'GET /api/checkDrawings/:orgId/:projectId/badAction/subjects': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/badAction/:id': inArea('audit', 'supervise'),
  'POST /api/checkDrawings/:orgId/:projectId/badAction': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/badAction/:id/evidence': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/badAction/:id/evidence': inArea('audit', 'supervise'),
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/withdraw': inArea('audit'),
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/confirm': inArea('supervise'),
  'PUT /api/checkDrawings/:orgId/:projectId/badAction/:id/reject': inArea('supervise'),
  // Opinion reports (issue 20): every party reads them (the units and authorities forwarded ones
  // only); the agency's deciders compile and forward (PROJECT_POLICY reports.view / report.*).
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/pagelist': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/getReport/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/opinionReport/getSignedURL/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/opinionReport/compile': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/opinionReport/forward/:id': inArea('audit'),
  // Answers and the next rounds (issue 20): every party reads; the units answer, the agency's
  // reviewers decide carried opinions (PROJECT_POLICY answers.view / answer.* / opinion.decide).
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/pagelist': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/opinionAnswer/letter/:versionId': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': inArea('submit'),
  'PUT /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id': inArea('submit'),
  'PUT /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id/decision': inArea('audit'),
  'DELETE /api/checkDrawings/:orgId/:projectId/opinionAnswer/:id/decision': inArea('audit'),
  // A report's PDF by its signed link (getSignedURL), and the public check its QR code opens.
  'GET /api/files/report/:token': PUBLIC,
  'GET /api/portal/reportCheck': PUBLIC,
  // Electronic signatures (issue 21): the agency signs; every party reads what was issued to it and
  // its signatures (PROJECT_POLICY signatures.view / signature.sign); anyone signed in may check a
  // PDF they hold.
  'GET /api/files/signed/:token': PUBLIC,
  'POST /api/signature/task/start': inArea('audit'),
  'GET /api/signature/task/getVerifyInfo': inArea('apply', 'submit', 'audit', 'supervise', 'joint'),
  'GET /api/signature/task/getSignCallbackUrl': inArea('audit'),
  'POST /api/signature/task/verify': SIGNED_IN,
  'GET /api/checkDrawings/:orgId/:projectId/signature/getViewUrl': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // The certificate of passing review (issue 21): the agency compiles and issues it; the parties
  // read it once issued (PROJECT_POLICY certificates.view); anyone checks it by number and code.
  'GET /api/checkDrawings/:orgId/:projectId/certification': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/certification/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/certification/getCertificate/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/certification/compile': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/certification/issue/:id': inArea('audit'),
  'POST /api/checkDrawings/:orgId/:projectId/certification/revoke/:id': inArea('audit'),
  'GET /api/portal/certificateCheck': PUBLIC,
  // The sealed drawing set (issue 21): the agency prepares it; every party reads it once sealed.
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'POST /api/checkDrawings/:orgId/:projectId/drawingSet/compile': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/:id': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/sheets/:sheetId/verify': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/drawingSet/sheets/:sheetId/file': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // Filing (issue 21): the agency files; the region's authority lists, decides and exports
  // (PROJECT_POLICY filings.view / filing.file / filing.decide).
  'GET /api/checkDrawings/:orgId/:projectId/filing': inArea('audit', 'supervise'),
  'POST /api/checkDrawings/:orgId/:projectId/filing': inArea('audit'),
  'GET /api/checkDrawings/filing/pagelist': inArea('supervise'),
  'GET /api/checkDrawings/filing/export': inArea('supervise'),
  'GET /api/checkDrawings/filing/:id': inArea('audit', 'supervise'),
  'POST /api/checkDrawings/filing/:id/decide': inArea('supervise'),
  // The public review record of confirmed filings (issue 21), for anyone.
  'GET /api/portal/reviewRecords': PUBLIC,
  'GET /api/portal/reviewRecords/:id': PUBLIC,
  'GET /api/portal/reviewRecords/buildings/:id': PUBLIC,
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/listSignatureTree': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:orgId/:projectId/docRepository/querySignatureFile': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  // The project's notices (issue 19): what the agency sent about the application.
  'GET /api/checkDrawings/:orgId/:projectId/notifications': inArea('audit'),
  'GET /api/checkDrawings/:orgId/:projectId/notifications/:id': inArea('audit'),
  // Working-day calendar (issue 19): the system admin keeps it; every party of an application
  // reads its review clock (project.view decides inside the areas).
  'GET /api/admin/calendar/years': SYSTEM_ADMIN,
  'GET /api/admin/calendar/years/:year': SYSTEM_ADMIN,
  'PUT /api/admin/calendar/years/:year': SYSTEM_ADMIN,
  'GET /api/checkDrawings/:orgId/:projectId/reviewClock': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/:projectId/:versionId/drawingsReview/batchDownLoadDrawingsReview': inArea(
    'apply',
    'submit',
    'audit',
    'supervise',
    'joint',
  ),
  'GET /api/checkDrawings/projectDoc/pagelist': inArea('apply', 'submit', 'audit', 'supervise', 'joint'),
  'POST /api/checkDrawings/projectDoc/add': inArea('apply'),
  'DELETE /api/checkDrawings/projectDoc/delete/:id': inArea('apply'),
  'POST /api/checkDrawings/projectDoc/remark/edit/:id': inArea('apply'),
  'GET /api/checkDrawings/projectDoc/download/:id': inArea('apply', 'submit', 'audit', 'supervise', 'joint'),
  // The public portal (issue 7): anyone reads what is published; the services answer 404 for
  // drafts, deleted items and hidden posts. Signed-in users of any kind open topics and reply.
  'GET /api/portal/home': PUBLIC,
  'GET /api/portal/site': PUBLIC,
  'GET /api/portal/articles': PUBLIC,
  'GET /api/portal/articles/:id': PUBLIC,
  'GET /api/portal/files/:id': PUBLIC,
  'GET /api/portal/credit': PUBLIC,
  'GET /api/portal/forum/topics': PUBLIC,
  'GET /api/portal/forum/topics/:id': PUBLIC,
  'POST /api/portal/forum/topics': SIGNED_IN,
  'POST /api/portal/forum/topics/:id/replies': SIGNED_IN,
  // Its content management: information-service staff and the system admin (the info area).
  'GET /api/info/portal/articles': inArea('info'),
  'POST /api/info/portal/articles': inArea('info'),
  'GET /api/info/portal/articles/:id': inArea('info'),
  'PUT /api/info/portal/articles/:id': inArea('info'),
  'DELETE /api/info/portal/articles/:id': inArea('info'),
  'POST /api/info/portal/articles/:id/publish': inArea('info'),
  'POST /api/info/portal/articles/:id/unpublish': inArea('info'),
  'GET /api/info/portal/articles/:id/history': inArea('info'),
  'POST /api/info/portal/uploads': inArea('info'),
  'GET /api/info/portal/files/:id': inArea('info'),
  'GET /api/info/portal/credit': inArea('info'),
  'POST /api/info/portal/credit': inArea('info'),
  'PUT /api/info/portal/credit/:id': inArea('info'),
  'DELETE /api/info/portal/credit/:id': inArea('info'),
  'GET /api/info/portal/credit/:id/history': inArea('info'),
  'GET /api/info/portal/site': inArea('info'),
  'PUT /api/info/portal/site': inArea('info'),
  'GET /api/info/portal/forum/topics': inArea('info'),
  'GET /api/info/portal/forum/topics/:id': inArea('info'),
  'PUT /api/info/portal/forum/topics/:id': inArea('info'),
  'PUT /api/info/portal/forum/replies/:id': inArea('info'),
});

/**
 * The rule for one registered route; a key ending in `*` covers its path and every URL under it,
 * at a path boundary (`GET /api/docs*` covers /api/docs/json, never /api/documents). A HEAD route
 * takes its GET's rule unless it has its own (tus asks an upload's offset by a lone HEAD).
 */
export function accessRuleFor(method: string, url: string): AccessRule | undefined {
  const upper = method.toUpperCase();
  return ruleFor(upper, url) ?? (upper === 'HEAD' ? ruleFor('GET', url) : undefined);
}

function ruleFor(method: string, url: string): AccessRule | undefined {
  const key = `${method} ${url}`;
  const exact = API_ACCESS[key];
  if (exact) return exact;
  const prefix = Object.keys(API_ACCESS).find((k) => {
    if (!k.endsWith('*')) return false;
    const base = k.slice(0, -1).replace(/\/$/, '');
    return key === base || key.startsWith(`${base}/`);
  });
  return prefix ? API_ACCESS[prefix] : undefined;
}

export type AccessDecision =
  | { allow: true; member: PrincipalMember | null }
  | { allow: false; deny: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' };

/**
 * The server's verdict for one call. `orgId` is the organisation the caller says it acts for.
 * Someone else's organisation answers NOT_FOUND, like a record that does not exist, so ids
 * cannot be probed; one's own organisation without the needed profile answers FORBIDDEN.
 */
export function decideAccess(
  rule: AccessRule,
  principal: Principal | null,
  orgId?: string | null,
): AccessDecision {
  if (rule.kind === 'public') return { allow: true, member: null };
  if (!principal) return { allow: false, deny: 'UNAUTHORIZED' };
  if (rule.kind === 'signedIn') return { allow: true, member: null };
  if (rule.kind === 'systemAdmin')
    return principal.systemAdmin ? { allow: true, member: null } : { allow: false, deny: 'FORBIDDEN' };
  if (rule.kind === 'orgAdmin') {
    const member = principal.members.find((m) => m.orgId === orgId) ?? null;
    if (member?.admin) return { allow: true, member };
    if (principal.systemAdmin) return { allow: true, member };
    return { allow: false, deny: member ? 'FORBIDDEN' : 'NOT_FOUND' };
  }
  // Platform staff areas (admin, info) admit the system admin by account, not by membership.
  if (rule.areas.some((a) => AREAS[a].accountQualifies?.(principal))) return { allow: true, member: null };
  const qualifies = (m: PrincipalMember) =>
    rule.areas.some((a) =>
      (rule.project
        ? (AREAS[a].projectMemberQualifies ?? AREAS[a].memberQualifies)
        : AREAS[a].memberQualifies)(m),
    );
  if (orgId) {
    const member = principal.members.find((m) => m.orgId === orgId);
    if (!member) return { allow: false, deny: 'NOT_FOUND' };
    return qualifies(member) ? { allow: true, member } : { allow: false, deny: 'FORBIDDEN' };
  }
  const member = principal.members.find(qualifies);
  return member ? { allow: true, member } : { allow: false, deny: 'FORBIDDEN' };
}
