import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AREAS, AREA_KEYS, type AreaKey } from '@drp/domain';
import { RequireArea } from '../features/auth/components/require-area';
import { AreaLayout } from './layouts/area-layout';
import { ProjectLayout } from './layouts/project-layout';
import { RootLayout } from './root-layout';
import { registerRoutes } from './route-registry';
import { AreaHomePage } from './routes/areas/area-home-page';
import { AuditLogPage } from './routes/areas/audit-log-page';
import { BuildingDetailPage, BuildingListPage, NewBuildingPage } from './routes/areas/building-pages';
import {
  ApplyDocRepositoryPage,
  ApplyProjectIndex,
  AuditDocRepositoryPage,
  AuditProjectIndex,
  DocRepositoryPage,
  ReaderDocRepositoryPage,
} from './routes/areas/doc-repository-pages';
import {
  DirectoryDetailPage,
  DirectoryEditPage,
  DirectoryListPage,
  EntAddPage,
  EntListPage,
  EntReviewPage,
} from './routes/areas/ent-pages';
import { OrgUsersPage } from './routes/areas/org-users-page';
import { PasswordModifyPage } from './routes/areas/password-modify-page';
import {
  PortalArticleEditPage,
  PortalArticleListPage,
  PortalCreditPage,
  PortalForumPage,
  PortalSitePage,
} from './routes/areas/portal-manage-pages';
import { ChangeDetailPage, NewChangePage } from './routes/areas/project-alter-pages';
import {
  NewReportPage,
  ProjectDetailPage,
  ProjectListPage,
  type ProjectArea,
} from './routes/areas/project-pages';
import { SurveyInfoFormPage, SurveyInfoListPage, SurveyInfoPage } from './routes/areas/survey-info-pages';
import { IndexRedirect } from './routes/common/index-redirect';
import { NotFoundPage } from './routes/common/not-found-page';
import { PortalHandOff } from './routes/common/portal-hand-off';
import { LoginPage } from './routes/sso/login-page';
import { RegisterPage, UserAgreementPage } from './routes/sso/register-pages';

/** The organisation back office of spec §2 (admin/user/{orgId}). */
const orgUsers: RouteObject = {
  path: 'admin/user/:orgId',
  element: <OrgUsersPage />,
  handle: { title: 'members.title' },
};

/** The project list of an area (spec §2 `projects`). */
const projectList = (area: ProjectArea): RouteObject => ({
  path: 'projects',
  element: <ProjectListPage area={area} />,
  handle: { title: 'projects.title' },
});
/** One application, read-only, at the path the area's spec names. */
const projectDetail = (area: ProjectArea, path: string): RouteObject => ({
  path,
  element: <ProjectDetailPage area={area} />,
  handle: {
    title: area === 'supervise' || area === 'joint' ? 'projects.rptInfoTitle' : 'projects.detailTitle',
  },
});

/**
 * One change application (变更), read-only. Submit has no newchange: a change starts from the
 * construction unit's own project master (the server refuses anyone else), so it is not routed there.
 */
const changeDetail = (area: ProjectArea, path: string): RouteObject => ({
  path,
  element: <ChangeDetailPage area={area} />,
  handle: {
    title:
      area === 'supervise' || area === 'joint'
        ? 'projectAlters.changeInfoTitle'
        : 'projectAlters.detailTitle',
  },
});

/** The screens each area has beyond its workbench and password page; `handle.title` names them in the navbar. */
const AREA_SCREENS: Record<AreaKey, RouteObject[]> = {
  apply: [
    projectList('apply'),
    { path: 'newreport', element: <NewReportPage />, handle: { title: 'projects.newTitle' } },
    { path: 'newreport/:id', element: <NewReportPage />, handle: { title: 'projects.editTitle' } },
    projectDetail('apply', 'reportdetail/:id'),
    { path: 'newchange', element: <NewChangePage />, handle: { title: 'projectAlters.newTitle' } },
    { path: 'newchange/:id', element: <NewChangePage />, handle: { title: 'projectAlters.editTitle' } },
    changeDetail('apply', 'changedetail/:id'),
    orgUsers,
  ],
  submit: [
    projectList('submit'),
    projectDetail('submit', 'reportdetail/:id'),
    changeDetail('submit', 'changedetail/:id'),
    orgUsers,
  ],
  audit: [
    projectList('audit'),
    projectDetail('audit', 'reportdetail/:id'),
    changeDetail('audit', 'changedetail/:id'),
    orgUsers,
  ],
  supervise: [
    projectList('supervise'),
    projectDetail('supervise', 'projects/rptinfo/:id'),
    changeDetail('supervise', 'projects/changedetail/:id'),
    orgUsers,
  ],
  joint: [
    projectList('joint'),
    projectDetail('joint', 'projects/rptinfo/:projectId'),
    changeDetail('joint', 'projects/changedetail/:projectId'),
  ],
  admin: [
    { path: 'ent', element: <EntListPage />, handle: { title: 'orgs.title' } },
    { path: 'ent/add', element: <EntAddPage />, handle: { title: 'orgs.add' } },
    { path: 'ent/:id', element: <EntReviewPage />, handle: { title: 'register.reviewTitle' } },
    { path: 'audit', element: <AuditLogPage />, handle: { title: 'audit.title' } },
  ],
  info: [
    { path: 'ent', element: <DirectoryListPage />, handle: { title: 'orgs.directoryTitle' } },
    { path: 'ent/detail/:id', element: <DirectoryDetailPage />, handle: { title: 'orgs.detailTitle' } },
    { path: 'ent/add', element: <DirectoryEditPage />, handle: { title: 'orgs.add' } },
    { path: 'ent/add/:id', element: <DirectoryEditPage />, handle: { title: 'orgs.edit' } },
    // The public portal's content (issue 7), beside the spec's ent pages.
    {
      path: 'portal/articles',
      element: <PortalArticleListPage />,
      handle: { title: 'portalManage.menu.articles' },
    },
    {
      path: 'portal/articles/new',
      element: <PortalArticleEditPage />,
      handle: { title: 'portalManage.article.newTitle' },
    },
    {
      path: 'portal/articles/:id',
      element: <PortalArticleEditPage />,
      handle: { title: 'portalManage.article.editTitle' },
    },
    { path: 'portal/credit', element: <PortalCreditPage />, handle: { title: 'portalManage.menu.credit' } },
    { path: 'portal/site', element: <PortalSitePage />, handle: { title: 'portalManage.menu.site' } },
    { path: 'portal/forum', element: <PortalForumPage />, handle: { title: 'portalManage.menu.forum' } },
  ],
};

/** The building list and one building (spec §2), at `base` and `base/:buildingId` plus `detailSuffix`. */
const buildingScreens = (base: string, list: string, detailSuffix = ''): RouteObject[] => [
  { path: `${base}/${list}`, element: <BuildingListPage />, handle: { title: 'buildings.listTitle' } },
  {
    path: `${base}/${list}/:buildingId${detailSuffix}`,
    element: <BuildingDetailPage />,
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
        element: <AuditDocRepositoryPage category={category} receive />,
        handle: { title: 'docReview.receiveTitle' },
      },
      {
        path: `:orgId/:projectId/${page}List`,
        element: <AuditDocRepositoryPage category={category} receive={false} />,
        handle: { title: 'docReview.listTitle' },
      },
    ];
  });
}

/** Supervise and joint: `docs` are the survey documents, `drawings` the design drawings (spec §2). */
const readerDocScreens = (): RouteObject[] => [
  {
    path: 'projects/:projectId/docs',
    element: <ReaderDocRepositoryPage category="SURVEY" />,
    handle: { title: 'projectMenu.docs' },
  },
  {
    path: 'projects/:projectId/drawings',
    element: <ReaderDocRepositoryPage category="DESIGN" />,
    handle: { title: 'projectMenu.drawings' },
  },
];

/**
 * The screens of one project, inside the project layout. Full paths on a pathless layout: a
 * layout route with a path of its own would match `/sys_apply/a/b` by itself and make every such
 * path look routed (`isRouted`). Capabilities add theirs as they are built.
 */
const PROJECT_SCREENS: Record<ProjectArea, RouteObject[]> = {
  apply: [
    ...buildingScreens(':orgId/:projectId', 'buildingList'),
    {
      path: ':projectId/workingDrawing',
      element: <ApplyDocRepositoryPage category="DESIGN" />,
      handle: { title: 'docReview.sendTitle' },
    },
    {
      path: ':projectId/reconnaissance',
      element: <ApplyDocRepositoryPage category="SURVEY" />,
      handle: { title: 'docReview.surveySendTitle' },
    },
  ],
  submit: [
    ...buildingScreens(':projectId', 'buildingList', '/ProjectInfo'),
    { path: ':projectId/newBuilding', element: <NewBuildingPage />, handle: { title: 'buildings.newTitle' } },
    {
      path: ':projectId/workingDrawing',
      element: <DocRepositoryPage category="DESIGN" />,
      handle: { title: 'docRepository.workingDrawingTitle' },
    },
    {
      path: ':projectId/reconnaissance',
      element: <DocRepositoryPage category="SURVEY" />,
      handle: { title: 'docRepository.reconnaissanceTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfoList',
      element: <SurveyInfoListPage />,
      handle: { title: 'surveyInfos.listTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfo',
      element: <SurveyInfoFormPage />,
      handle: { title: 'surveyInfos.formTitle' },
    },
    {
      path: ':orgId/:projectId/surveyInfo/:id',
      element: <SurveyInfoPage />,
      handle: { title: 'surveyInfos.viewTitle' },
    },
  ],
  audit: [...buildingScreens(':orgId/:projectId', 'buildingList'), ...auditDocScreens()],
  supervise: [...buildingScreens('projects/:projectId', 'buildings'), ...readerDocScreens()],
  joint: [...buildingScreens('projects/:projectId', 'buildings'), ...readerDocScreens()],
};

/** Project routes that only lead elsewhere (spec §2: a supervised project opens on its buildings). */
const PROJECT_REDIRECTS: Partial<Record<ProjectArea, RouteObject[]>> = {
  apply: [{ path: ':projectId', element: <ApplyProjectIndex /> }],
  audit: [{ path: ':orgId/:projectId', element: <AuditProjectIndex /> }],
  supervise: [{ path: 'projects/:projectId', element: <Navigate to="buildings" replace /> }],
};

const isProjectArea = (area: AreaKey): area is ProjectArea => area in PROJECT_SCREENS;

/**
 * Areas whose landing screen exists open on it (spec §2: the joint area on its projects); the
 * others keep the workbench until theirs are built.
 */
const AREA_INDEX: Partial<Record<AreaKey, RouteObject>> = {
  joint: { index: true, element: <Navigate to="projects" replace /> },
};

function areaRoutes(area: AreaKey): RouteObject {
  return {
    path: AREAS[area].prefix,
    element: <RequireArea area={area} />,
    children: [
      {
        element: <AreaLayout area={area} />,
        children: [
          AREA_INDEX[area] ?? {
            index: true,
            element: <AreaHomePage area={area} />,
            handle: { title: 'nav.home' },
          },
          { path: 'password/modify', element: <PasswordModifyPage />, handle: { title: 'nav.password' } },
          ...AREA_SCREENS[area],
        ],
      },
      ...(isProjectArea(area)
        ? [
            { element: <ProjectLayout area={area} />, children: PROJECT_SCREENS[area] },
            ...(PROJECT_REDIRECTS[area] ?? []),
          ]
        : []),
    ],
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <Navigate to="/common/index" replace /> },
      { path: '/common/index', element: <IndexRedirect /> },
      { path: '/common/404', element: <NotFoundPage /> },
      // The public portal is its own bundle (main.tsx): reached from here by a full page load.
      { path: '/sys_out_sys/*', element: <PortalHandOff /> },
      { path: '/sys_sso', element: <Navigate to="/sys_sso/login" replace /> },
      { path: '/sys_sso/login', element: <LoginPage /> },
      { path: '/sys_sso/register', element: <RegisterPage /> },
      { path: '/sys_sso/register/userAgreement', element: <UserAgreementPage /> },
      ...AREA_KEYS.map(areaRoutes),
      { path: '*', element: <Navigate to="/common/404" replace /> },
    ],
  },
];
registerRoutes(routes);

export const router = createBrowserRouter(routes);
