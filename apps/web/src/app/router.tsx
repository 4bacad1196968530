import type { ReactElement } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AREAS, AREA_KEYS, MESSAGE_TYPES_BY_ORG_TYPE, type AreaKey, type OpinionKind } from '@drp/domain';
import { loadScreenTexts } from '../config/i18n';
import { LoadFailure, StartupLogo } from './load-failure';
import { RootLayout } from './root-layout';
import { registerRoutes } from './route-registry';
import type { RouteHandle } from './route-handle';
import type { ProjectArea } from './routes/areas/project-area';
// The sign-in page is the first page of most visits: it comes with the app's first chunk rather
// than one request later, and its components (form, input, card, button) are what most screens use.
import { LoginPage } from './routes/sso/login-page';

/**
 * Every screen and layout loads the first time a path reaches it, so a page downloads its own
 * code and the antd components it uses, not the whole app (issue 16: the sign-in page within
 * 250 kB, an area's landing within 400 kB; page-weights.ts checks both at build time). The
 * route table itself (paths and titles) is all here, so `isRouted` still knows every screen.
 * The router loads the lazy parts of all matched routes at once, and keeps showing the current
 * page until they are there. Screens beyond sign-in also wait for their texts (config/i18n.ts).
 */
function lazily<M>(load: () => Promise<M>, render: (module: M) => ReactElement): Pick<RouteObject, 'lazy'> {
  return {
    lazy: {
      element: async () => {
        const [module] = await Promise.all([load(), loadScreenTexts()]);
        return render(module);
      },
    },
  };
}

/** What the sign-in page may lead to by itself (404, the portal): the first texts do. */
function lazilyWithFirstTexts<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactElement,
): Pick<RouteObject, 'lazy'> {
  return { lazy: { element: async () => render(await load()) } };
}

const requireArea = () => import('../features/auth/components/require-area');
const areaLayout = () => import('./layouts/area-layout');
const projectLayout = () => import('./layouts/project-layout');
const areaHomePage = () => import('./routes/areas/area-home-page');
const auditLogPage = () => import('./routes/areas/audit-log-page');
// Clause library (issue 19)
const standardPages = () => import('./routes/areas/standard-pages');
const buildingPages = () => import('./routes/areas/building-pages');
const docRepositoryPages = () => import('./routes/areas/doc-repository-pages');
const entPages = () => import('./routes/areas/ent-pages');
const orgUsersPage = () => import('./routes/areas/org-users-page');
const passwordModifyPage = () => import('./routes/areas/password-modify-page');
const portalManagePages = () => import('./routes/areas/portal-manage-pages');
const projectAlterPages = () => import('./routes/areas/project-alter-pages');
const projectPages = () => import('./routes/areas/project-pages');
const surveyInfoPages = () => import('./routes/areas/survey-info-pages');
const messageCentrePage = () => import('./routes/areas/message-centre-page');
const sheetViewerPage = () => import('./routes/areas/sheet-viewer-page');
const indexRedirect = () => import('./routes/common/index-redirect');
const notFoundPage = () => import('./routes/common/not-found-page');
const portalHandOff = () => import('./routes/common/portal-hand-off');
const reportVerifyPage = () => import('./routes/common/report-verify-page');
const registerPages = () => import('./routes/sso/register-pages');
const forgotPasswordPage = () => import('./routes/sso/forgot-password-page');
// bad actions and the project's notices (issue 19)
const badActionPages = () => import('./routes/areas/bad-action-pages');
// Review missions (issue 19)
const missionPages = () => import('./routes/areas/mission-pages');
// Review opinions (issue 19)
const opinionPages = () => import('./routes/areas/opinion-pages');
const projectNoticePages = () => import('./routes/areas/project-notice-pages');
const reportPages = () => import('./routes/areas/report-pages');
// Answers to the opinions (issue 20)
const answerPages = () => import('./routes/areas/answer-pages');
const signaturePages = () => import('./routes/areas/signature-pages');
const certificationPages = () => import('./routes/areas/certification-pages');
const filingPages = () => import('./routes/areas/filing-pages');
const certificateVerifyPage = () => import('./routes/common/certificate-verify-page');
// Working-day calendar (issue 19)
const calendarAdmin = () => import('../features/calendar/components/calendar-admin');

/** The organisation back office of spec §2 (admin/user/{orgId}). */
const orgUsers: RouteObject = {
  path: 'admin/user/:orgId',
  ...lazily(orgUsersPage, (m) => <m.OrgUsersPage />),
  handle: { title: 'members.title' },
};

/** The project list of an area (spec §2 `projects`). */
const projectList = (area: ProjectArea): RouteObject => ({
  path: 'projects',
  ...lazily(projectPages, (m) => <m.ProjectListPage area={area} />),
  handle: { title: 'projects.title' },
});
/** One application, read-only, at the path the area's spec names: the first item of the project workspace. */
const projectDetail = (area: ProjectArea, path: string): RouteObject => ({
  path,
  ...lazily(projectPages, (m) => <m.ProjectDetailPage />),
  handle: {
    title: area === 'supervise' || area === 'joint' ? 'projects.rptInfoTitle' : 'projects.detailTitle',
    applicationForm: true,
  } satisfies RouteHandle,
});

/** One change application (变更), read-only, in the workspace like the application form. */
const changeDetail = (area: ProjectArea, path: string): RouteObject => ({
  path,
  ...lazily(projectAlterPages, (m) => <m.ChangeDetailPage />),
  handle: {
    title:
      area === 'supervise' || area === 'joint'
        ? 'projectAlters.changeInfoTitle'
        : 'projectAlters.detailTitle',
    applicationForm: true,
  } satisfies RouteHandle,
});

/**
 * The submit area's newreport and newchange (spec §2): applications are the construction unit's
 * alone (PROJECT_POLICY), so these say so and lead to the application named, or to the list.
 */
const submitNewApplication = (path: string): RouteObject => ({
  path,
  ...lazily(projectPages, (m) => <m.SubmitNewApplicationRedirect />),
});

/** The screens each area has beyond its workbench and password page; `handle.title` names them in the navbar. */
const AREA_SCREENS: Record<AreaKey, RouteObject[]> = {
  apply: [
    projectList('apply'),
    {
      path: 'newreport',
      ...lazily(projectPages, (m) => <m.NewReportPage />),
      handle: { title: 'projects.newTitle' },
    },
    {
      path: 'newreport/:id',
      ...lazily(projectPages, (m) => <m.NewReportPage />),
      handle: { title: 'projects.editTitle' },
    },
    {
      path: 'newchange',
      ...lazily(projectAlterPages, (m) => <m.NewChangePage />),
      handle: { title: 'projectAlters.newTitle' },
    },
    {
      path: 'newchange/:id',
      ...lazily(projectAlterPages, (m) => <m.NewChangePage />),
      handle: { title: 'projectAlters.editTitle' },
    },
    orgUsers,
  ],
  submit: [
    projectList('submit'),
    submitNewApplication('newreport'),
    submitNewApplication('newreport/:id'),
    submitNewApplication('newchange'),
    submitNewApplication('newchange/:id'),
    orgUsers,
  ],
  audit: [projectList('audit'), orgUsers],
  supervise: [
    projectList('supervise'),
    orgUsers,
    // Filing (issue 21): what waits for the authority, confirmed and rejected, one screen with a flag.
    ...(['tbc', 'confirmed', 'rejected'] as const).map((flag): RouteObject => ({
      path: `approval/${flag}`,
      ...lazily(filingPages, (m) => <m.FilingApprovalPage flag={flag} />),
      handle: { title: 'nav.filings' },
    })),
    {
      path: 'filing/detail/:filingId',
      ...lazily(filingPages, (m) => <m.SuperviseFilingDetailPage />),
      handle: { title: 'nav.filings' },
    },
  ],
  joint: [projectList('joint')],
  admin: [
    { path: 'ent', ...lazily(entPages, (m) => <m.EntListPage />), handle: { title: 'orgs.title' } },
    { path: 'ent/add', ...lazily(entPages, (m) => <m.EntAddPage />), handle: { title: 'orgs.add' } },
    {
      path: 'ent/:id',
      ...lazily(entPages, (m) => <m.EntReviewPage />),
      handle: { title: 'register.reviewTitle' },
    },
    { path: 'audit', ...lazily(auditLogPage, (m) => <m.AuditLogPage />), handle: { title: 'audit.title' } },
    // Clause library (issue 19)
    {
      path: 'standards',
      ...lazily(standardPages, (m) => <m.StandardListPage />),
      handle: { title: 'clauses.title' },
    },
    {
      path: 'standards/:id',
      ...lazily(standardPages, (m) => <m.StandardClausesPage />),
      handle: { title: 'clauses.detailTitle' },
    },
    // Working-day calendar (issue 19)
    {
      path: 'calendar',
      ...lazily(calendarAdmin, (m) => <m.CalendarAdmin />),
      handle: { title: 'calendar.title' },
    },
  ],
  info: [
    {
      path: 'ent',
      ...lazily(entPages, (m) => <m.DirectoryListPage />),
      handle: { title: 'orgs.directoryTitle' },
    },
    {
      path: 'ent/detail/:id',
      ...lazily(entPages, (m) => <m.DirectoryDetailPage />),
      handle: { title: 'orgs.detailTitle' },
    },
    { path: 'ent/add', ...lazily(entPages, (m) => <m.DirectoryEditPage />), handle: { title: 'orgs.add' } },
    {
      path: 'ent/add/:id',
      ...lazily(entPages, (m) => <m.DirectoryEditPage />),
      handle: { title: 'orgs.edit' },
    },
    // The public portal's content (issue 7), beside the spec's ent pages.
    {
      path: 'portal/articles',
      ...lazily(portalManagePages, (m) => <m.PortalArticleListPage />),
      handle: { title: 'portalManage.menu.articles' },
    },
    {
      path: 'portal/articles/new',
      ...lazily(portalManagePages, (m) => <m.PortalArticleEditPage />),
      handle: { title: 'portalManage.article.newTitle' },
    },
    {
      path: 'portal/articles/:id',
      ...lazily(portalManagePages, (m) => <m.PortalArticleEditPage />),
      handle: { title: 'portalManage.article.editTitle' },
    },
    {
      path: 'portal/credit',
      ...lazily(portalManagePages, (m) => <m.PortalCreditPage />),
      handle: { title: 'portalManage.menu.credit' },
    },
    {
      path: 'portal/site',
      ...lazily(portalManagePages, (m) => <m.PortalSitePage />),
      handle: { title: 'portalManage.menu.site' },
    },
    {
      path: 'portal/forum',
      ...lazily(portalManagePages, (m) => <m.PortalForumPage />),
      handle: { title: 'portalManage.menu.forum' },
    },
  ],
};

/** The building list and one building (spec §2), at `base` and `base/:buildingId` plus `detailSuffix`. */
const buildingScreens = (base: string, list: string, detailSuffix = ''): RouteObject[] => [
  {
    path: `${base}/${list}`,
    ...lazily(buildingPages, (m) => <m.BuildingListPage />),
    handle: { title: 'buildings.listTitle' },
  },
  {
    path: `${base}/${list}/:buildingId${detailSuffix}`,
    ...lazily(buildingPages, (m) => <m.BuildingDetailPage />),
    handle: { title: 'buildings.detailTitle' },
  },
];

/** The audit area's receive pages and review lists of both categories (spec §2). */
function auditDocScreens(): RouteObject[] {
  return (['workingDrawing', 'reconnaissance'] as const).flatMap((page) => {
    const category = page === 'workingDrawing' ? 'DESIGN' : 'SURVEY';
    return [
      {
        path: `:orgId/:projectId/${page}`,
        ...lazily(docRepositoryPages, (m) => <m.AuditDocRepositoryPage category={category} receive />),
        handle: { title: 'docReview.receiveTitle' },
      },
      {
        path: `:orgId/:projectId/${page}List`,
        ...lazily(docRepositoryPages, (m) => (
          <m.AuditDocRepositoryPage category={category} receive={false} />
        )),
        handle: { title: 'docReview.listTitle' },
      },
    ];
  });
}

/** Supervise and joint: `docs` are the survey documents, `drawings` the design drawings (spec §2). */
const readerDocScreens = (): RouteObject[] => [
  {
    path: 'projects/:projectId/docs',
    ...lazily(docRepositoryPages, (m) => <m.ReaderDocRepositoryPage category="SURVEY" />),
    handle: { title: 'projectMenu.docs' },
  },
  {
    path: 'projects/:projectId/drawings',
    ...lazily(docRepositoryPages, (m) => <m.ReaderDocRepositoryPage category="DESIGN" />),
    handle: { title: 'projectMenu.drawings' },
  },
];

/**
 * Bad actions and the project's notices (issue 19), one entry each by the page's export: the
 * route table is in the sign-in page's chunk, which stands at its weight budget.
 */
const badActionScreen = (
  path: string,
  page: 'BadActionListPage' | 'NewBadActionPage' | 'BadActionDetailPage',
): RouteObject => ({
  path,
  ...lazily(badActionPages, (m) => {
    const Page = m[page];
    return <Page />;
  }),
  handle: { title: 'projectMenu.badAction' },
});
/**
 * The three opinion lists (issue 19), each with `new` and `detail/{id}`: the domain's
 * OPINION_KIND_ROUTES, written out because importing the opinion contracts would put their module
 * into the sign-in page's chunk (23 kB over its budget).
 */
const OPINION_ROUTES: [OpinionKind, string][] = [
  ['CONSTRUCTION', 'censorconstres'],
  ['ENERGY', 'censorenergyres'],
  ['SURVEY', 'censorsurveyres'],
];
const opinionScreens = (): RouteObject[] =>
  OPINION_ROUTES.flatMap(([kind, segment]) => {
    const base = `:orgId/:projectId/${segment}`;
    const handle = { title: `projectMenu.${segment}` };
    return [
      { path: base, ...lazily(opinionPages, (m) => <m.OpinionListPage kind={kind} />), handle },
      { path: `${base}/new`, ...lazily(opinionPages, (m) => <m.NewOpinionPage kind={kind} />), handle },
      {
        path: `${base}/detail/:id`,
        ...lazily(opinionPages, (m) => <m.OpinionDetailPage kind={kind} />),
        handle,
      },
    ];
  });
const noticeScreen = (
  path: string,
  page: 'ProjectNoticeListPage' | 'ProjectNoticeDetailPage',
): RouteObject => ({
  path,
  ...lazily(projectNoticePages, (m) => {
    const Page = m[page];
    return <Page />;
  }),
  handle: { title: 'projectMenu.notifications' },
});

/** Opinion reports (issue 20): the list and a report, by the page's export, in every project area. */
const reportScreens = (base: string, segment: 'report' | 'reports'): RouteObject[] =>
  (
    [
      [`${base}/${segment}`, 'ReportListPage'],
      [`${base}/${segment}/detail/:id`, 'ReportDetailPage'],
    ] as const
  ).map(([path, page]) => ({
    path,
    ...lazily(reportPages, (m) => {
      const Page = m[page];
      return <Page />;
    }),
    handle: { title: 'projectMenu.report' },
  }));

/** Electronic signatures (issue 21): the signed documents and one document, in the parties' areas. */
const signatureScreens = (base: string): RouteObject[] =>
  (
    [
      [`${base}/signature`, 'SignatureListPage'],
      [`${base}/signature/detail/:id`, 'SignatureDetailPage'],
    ] as const
  ).map(([path, page]) => ({
    path,
    ...lazily(signaturePages, (m) => {
      const Page = m[page];
      return <Page />;
    }),
    handle: { title: 'projectMenu.signature' },
  }));

/** The certificate of passing review (issue 21): the list and one certificate, in the audit area. */
const certificationScreens = (base: string): RouteObject[] =>
  (
    [
      [`${base}/certification`, 'CertificationListPage'],
      [`${base}/certification/detail/:id`, 'CertificationDetailPage'],
    ] as const
  ).map(([path, page]) => ({
    path,
    ...lazily(certificationPages, (m) => {
      const Page = m[page];
      return <Page />;
    }),
    handle: { title: 'projectMenu.certification' },
  }));

/**
 * Answers to the issued opinions (issue 20): each list and an opinion's detail. The domain's
 * ANSWER_LIST_ROUTES written out, as the opinion routes are, to keep the contracts out of the
 * sign-in chunk. The units' areas have each round's answer letter too (`…/pdf/{versionId}`).
 */
const ANSWER_ROUTES = {
  unit: [
    ['CONST', 'answerCensorConstRes'],
    ['ENERGY', 'answerCensorEnergyRes'],
  ],
  reader: [
    ['CONST', 'drawingreply'],
    ['ENERGY', 'energyreply'],
  ],
} as const;
const answerScreens = (base: string, who: keyof typeof ANSWER_ROUTES): RouteObject[] =>
  ANSWER_ROUTES[who].flatMap(([list, segment]) => {
    const handle = {
      title: list === 'CONST' ? 'projectMenu.answerCensorConstRes' : 'projectMenu.answerCensorEnergyRes',
    };
    return [
      {
        path: `${base}/${segment}`,
        ...lazily(answerPages, (m) => <m.AnswerListPage list={list} />),
        handle,
      },
      {
        path: `${base}/${segment}/detail/:id`,
        ...lazily(answerPages, (m) => <m.AnswerDetailPage list={list} />),
        handle,
      },
      ...(who === 'unit'
        ? [
            {
              path: `${base}/${segment}/pdf/:id`,
              ...lazily(answerPages, (m) => <m.AnswerLetterPage list={list} />),
              handle,
            },
          ]
        : []),
    ];
  });

/**
 * The screens of one project, inside the project layout. Full paths on a pathless layout: a
 * layout route with a path of its own would match `/sys_apply/a/b` by itself and make every such
 * path look routed (`isRouted`). Capabilities add theirs as they are built.
 */
const PROJECT_SCREENS: Record<ProjectArea, RouteObject[]> = {
  apply: [
    projectDetail('apply', 'reportdetail/:id'),
    changeDetail('apply', 'changedetail/:id'),
    ...buildingScreens(':orgId/:projectId', 'buildingList'),
    {
      path: ':projectId/workingDrawing',
      ...lazily(docRepositoryPages, (m) => <m.ApplyDocRepositoryPage category="DESIGN" />),
      handle: { title: 'docReview.sendTitle' },
    },
    {
      path: ':projectId/reconnaissance',
      ...lazily(docRepositoryPages, (m) => <m.ApplyDocRepositoryPage category="SURVEY" />),
      handle: { title: 'docReview.surveySendTitle' },
    },
    ...reportScreens(':orgId/:projectId', 'report'),
    ...signatureScreens(':orgId/:projectId'),
    ...answerScreens(':orgId/:projectId', 'unit'),
  ],
  submit: [
    projectDetail('submit', 'reportdetail/:id'),
    changeDetail('submit', 'changedetail/:id'),
    ...buildingScreens(':projectId', 'buildingList', '/ProjectInfo'),
    {
      path: ':projectId/newBuilding',
      ...lazily(buildingPages, (m) => <m.NewBuildingPage />),
      handle: { title: 'buildings.newTitle' },
    },
    {
      path: ':projectId/workingDrawing',
      ...lazily(docRepositoryPages, (m) => <m.DocRepositoryPage category="DESIGN" />),
      handle: { title: 'docRepository.workingDrawingTitle' },
    },
    {
      path: ':projectId/reconnaissance',
      ...lazily(docRepositoryPages, (m) => <m.DocRepositoryPage category="SURVEY" />),
      handle: { title: 'docRepository.reconnaissanceTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfoList',
      ...lazily(surveyInfoPages, (m) => <m.SurveyInfoListPage />),
      handle: { title: 'surveyInfos.listTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfo',
      ...lazily(surveyInfoPages, (m) => <m.SurveyInfoFormPage />),
      handle: { title: 'surveyInfos.formTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfo/:id',
      ...lazily(surveyInfoPages, (m) => <m.SurveyInfoPage />),
      handle: { title: 'surveyInfos.viewTitle' },
    },
    ...reportScreens(':orgId/:projectId', 'report'),
    ...signatureScreens(':orgId/:projectId'),
    ...answerScreens(':orgId/:projectId', 'unit'),
  ],
  audit: [
    projectDetail('audit', 'reportdetail/:id'),
    changeDetail('audit', 'changedetail/:id'),
    ...buildingScreens(':orgId/:projectId', 'buildingList'),
    ...auditDocScreens(),
    // review missions (issue 19)
    {
      path: ':orgId/:projectId/missions',
      ...lazily(missionPages, (m) => <m.MissionGridPage />),
      handle: { title: 'projectMenu.missions' },
    },
    {
      path: ':orgId/:projectId/mission/:missionId',
      ...lazily(missionPages, (m) => <m.MissionDetailPage />),
      handle: { title: 'projectMenu.missions' },
    },
    // bad actions and the project's notices (issue 19)
    badActionScreen(':orgId/:projectId/badAction', 'BadActionListPage'),
    badActionScreen(':orgId/:projectId/badAction/new', 'NewBadActionPage'),
    badActionScreen(':orgId/:projectId/badAction/detail/:id', 'BadActionDetailPage'),
    // review opinions (issue 19)
    ...opinionScreens(),
    noticeScreen(':orgId/:projectId/notifications', 'ProjectNoticeListPage'),
    noticeScreen(':orgId/:projectId/notification/:id', 'ProjectNoticeDetailPage'),
    ...reportScreens(':orgId/:projectId', 'report'),
    ...signatureScreens(':orgId/:projectId'),
    ...certificationScreens(':orgId/:projectId'),
    // Filing (issue 21)
    {
      path: ':orgId/:projectId/filing',
      ...lazily(filingPages, (m) => <m.ProjectFilingPage />),
      handle: { title: 'projectMenu.filing' },
    },
    {
      path: ':orgId/:projectId/filing/detail/:filingId',
      ...lazily(filingPages, (m) => <m.ProjectFilingDetailPage />),
      handle: { title: 'projectMenu.filing' },
    },
    ...answerScreens(':orgId/:projectId', 'unit'),
  ],
  supervise: [
    projectDetail('supervise', 'projects/rptinfo/:id'),
    changeDetail('supervise', 'projects/changedetail/:id'),
    ...buildingScreens('projects/:projectId', 'buildings'),
    ...readerDocScreens(),
    // bad actions to confirm (issue 19), until the area's own lists come
    badActionScreen('projects/:projectId/badActions', 'BadActionListPage'),
    badActionScreen('projects/:projectId/badActions/:id', 'BadActionDetailPage'),
    ...reportScreens('projects/:projectId', 'reports'),
    ...answerScreens('projects/:projectId', 'reader'),
  ],
  joint: [
    projectDetail('joint', 'projects/rptinfo/:projectId'),
    changeDetail('joint', 'projects/changedetail/:projectId'),
    ...buildingScreens('projects/:projectId', 'buildings'),
    ...readerDocScreens(),
    ...reportScreens('projects/:projectId', 'reports'),
    ...answerScreens('projects/:projectId', 'reader'),
  ],
};

/** Project routes that only lead elsewhere (spec §2: a supervised project opens on its buildings). */
const PROJECT_REDIRECTS: Partial<Record<ProjectArea, RouteObject[]>> = {
  apply: [{ path: ':projectId', ...lazily(docRepositoryPages, (m) => <m.ApplyProjectIndex />) }],
  audit: [{ path: ':orgId/:projectId', ...lazily(docRepositoryPages, (m) => <m.AuditProjectIndex />) }],
  supervise: [{ path: 'projects/:projectId', element: <Navigate to="buildings" replace /> }],
};

const isProjectArea = (area: AreaKey): area is ProjectArea => area in PROJECT_SCREENS;

/**
 * The drawing viewer (spec §2 reviewPDF, issue 18): a full window outside the area's layout, its
 * code and texts loaded only here. The joint area has none in the spec.
 */
const sheetViewer = (area: Exclude<ProjectArea, 'joint'>): RouteObject => ({
  path: ':orgId/:projectId/reviewPDF/:versionId/:folderId/:id/:treePath/:reviewPathFlag',
  ...lazily(sheetViewerPage, (m) => {
    m.registerTexts();
    return <m.SheetViewerPage area={area} />;
  }),
  handle: { title: 'sheets.title' },
});

/**
 * `/sys_audit/newOpinion/{orgId}/{projectId}` (spec §2, issue 19): the viewer with the opinion
 * form beside it, a full window outside the project layout like the viewer itself.
 */
const opinionFullPage: RouteObject = {
  path: 'newOpinion/:orgId/:projectId',
  ...lazily(opinionPages, (m) => {
    m.registerTexts();
    return <m.OpinionFullPage />;
  }),
  handle: { title: 'projectMenu.newOpinion' },
};

/**
 * Areas whose landing screen exists open on it (spec §2: the joint area on its projects); the
 * others keep the workbench until theirs are built.
 */
const AREA_INDEX: Partial<Record<AreaKey, RouteObject>> = {
  joint: { index: true, element: <Navigate to="projects" replace /> },
};

/** Areas whose organisations receive messages have a message centre (the popover's 查看全部). */
const receivesMessages = (area: AreaKey) =>
  AREAS[area].orgTypes.some((orgType) => MESSAGE_TYPES_BY_ORG_TYPE[orgType].length > 0);

function areaRoutes(area: AreaKey): RouteObject {
  return {
    path: AREAS[area].prefix,
    ...lazily(requireArea, (m) => <m.RequireArea area={area} />),
    children: [
      {
        ...lazily(areaLayout, (m) => <m.AreaLayout area={area} />),
        children: [
          AREA_INDEX[area] ?? {
            index: true,
            ...lazily(areaHomePage, (m) => <m.AreaHomePage area={area} />),
            handle: { title: 'nav.home' },
          },
          {
            path: 'password/modify',
            ...lazily(passwordModifyPage, (m) => <m.PasswordModifyPage />),
            handle: { title: 'nav.password' },
          },
          ...(receivesMessages(area)
            ? [
                {
                  path: 'messages',
                  ...lazily(messageCentrePage, (m) => <m.MessageCentrePage area={area} />),
                  handle: { title: 'messages.centre.title' },
                },
              ]
            : []),
          ...AREA_SCREENS[area],
        ],
      },
      ...(isProjectArea(area)
        ? [
            {
              ...lazily(projectLayout, (m) => <m.ProjectLayout area={area} />),
              children: PROJECT_SCREENS[area],
            },
            ...(PROJECT_REDIRECTS[area] ?? []),
            ...(area === 'joint' ? [] : [sheetViewer(area)]),
            ...(area === 'audit' ? [opinionFullPage] : []),
          ]
        : []),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <StartupLogo />,
    errorElement: <LoadFailure />,
    children: [
      { path: '/', element: <Navigate to="/common/index" replace /> },
      { path: '/common/index', ...lazily(indexRedirect, (m) => <m.IndexRedirect />) },
      {
        path: '/common/404',
        ...lazilyWithFirstTexts(notFoundPage, (m) => <m.NotFoundPage />),
        handle: { title: 'notFound.title' },
      },
      // Where an opinion report's QR code leads (issue 20), for anyone.
      {
        path: '/common/verify',
        ...lazilyWithFirstTexts(reportVerifyPage, (m) => <m.ReportVerifyPage />),
        handle: { title: 'reports.checkTitle' },
      },
      // Where a certificate's QR code leads (issue 21), for anyone.
      {
        path: '/common/verify/certificate',
        ...lazilyWithFirstTexts(certificateVerifyPage, (m) => <m.CertificateVerifyPage />),
        handle: { title: 'certificates.checkTitle' },
      },
      // The public portal is its own bundle (main.tsx): reached from here by a full page load.
      { path: '/sys_out_sys/*', ...lazilyWithFirstTexts(portalHandOff, (m) => <m.PortalHandOff />) },
      // The public review record is served by the portal's bundle too (portal-paths.ts).
      {
        path: '/common/reviewInfoSearch/*',
        ...lazilyWithFirstTexts(portalHandOff, (m) => <m.PortalHandOff />),
      },
      { path: '/sys_sso', element: <Navigate to="/sys_sso/login" replace /> },
      { path: '/sys_sso/login', element: <LoginPage />, handle: { title: 'login.title' } },
      {
        path: '/sys_sso/register',
        ...lazily(registerPages, (m) => <m.RegisterPage />),
        handle: { title: 'register.title' },
      },
      {
        path: '/sys_sso/forgotPassword',
        ...lazily(forgotPasswordPage, (m) => <m.ForgotPasswordPage />),
        handle: { title: 'forgot.title' },
      },
      {
        path: '/sys_sso/register/userAgreement',
        ...lazily(registerPages, (m) => <m.UserAgreementPage />),
        handle: { title: 'agreement.title' },
      },
      ...AREA_KEYS.map(areaRoutes),
      { path: '*', element: <Navigate to="/common/404" replace /> },
    ],
  },
];
registerRoutes(routes);

export const router = createBrowserRouter(routes);
