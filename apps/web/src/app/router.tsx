import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AREAS, AREA_KEYS, type AreaKey } from '@drp/domain';
import { RequireArea } from '../features/auth/components/require-area';
import { AreaLayout } from './layouts/area-layout';
import { RootLayout } from './root-layout';
import { registerRoutes } from './route-registry';
import { AreaHomePage } from './routes/areas/area-home-page';
import { AuditLogPage } from './routes/areas/audit-log-page';
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
  NewReportPage,
  ProjectDetailPage,
  ProjectListPage,
  type ProjectArea,
} from './routes/areas/project-pages';
import { IndexRedirect } from './routes/common/index-redirect';
import { NotFoundPage } from './routes/common/not-found-page';
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

/** The screens each area has beyond its workbench and password page; `handle.title` names them in the navbar. */
const AREA_SCREENS: Record<AreaKey, RouteObject[]> = {
  apply: [
    projectList('apply'),
    { path: 'newreport', element: <NewReportPage />, handle: { title: 'projects.newTitle' } },
    { path: 'newreport/:id', element: <NewReportPage />, handle: { title: 'projects.editTitle' } },
    projectDetail('apply', 'reportdetail/:id'),
    orgUsers,
  ],
  submit: [projectList('submit'), projectDetail('submit', 'reportdetail/:id'), orgUsers],
  audit: [projectList('audit'), projectDetail('audit', 'reportdetail/:id'), orgUsers],
  supervise: [projectList('supervise'), projectDetail('supervise', 'projects/rptinfo/:id'), orgUsers],
  joint: [projectList('joint'), projectDetail('joint', 'projects/rptinfo/:projectId')],
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
  ],
};

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
