import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AREAS, AREA_KEYS, type AreaKey } from '@drp/domain';
import { RequireArea } from '../features/auth/components/require-area';
import { AreaLayout } from './layouts/area-layout';
import { RootLayout } from './root-layout';
import { registerRoutes } from './route-registry';
import { AreaHomePage } from './routes/areas/area-home-page';
import { AuditLogPage } from './routes/areas/audit-log-page';
import { OrgUsersPage } from './routes/areas/org-users-page';
import { PasswordModifyPage } from './routes/areas/password-modify-page';
import { IndexRedirect } from './routes/common/index-redirect';
import { NotFoundPage } from './routes/common/not-found-page';
import { LoginPage } from './routes/sso/login-page';

/** Areas whose organisations run their own back office (spec §2: admin/user/{orgId}). */
const ORG_BACK_OFFICE_AREAS: readonly AreaKey[] = ['apply', 'submit', 'audit', 'supervise'];

/** Each area is a guarded layout; `handle.title` names the page in the navbar. */
function areaRoutes(area: AreaKey): RouteObject {
  return {
    path: AREAS[area].prefix,
    element: <RequireArea area={area} />,
    children: [
      {
        element: <AreaLayout area={area} />,
        children: [
          { index: true, element: <AreaHomePage area={area} />, handle: { title: 'nav.home' } },
          { path: 'password/modify', element: <PasswordModifyPage />, handle: { title: 'nav.password' } },
          ...(ORG_BACK_OFFICE_AREAS.includes(area)
            ? [{ path: 'admin/user/:orgId', element: <OrgUsersPage />, handle: { title: 'members.title' } }]
            : []),
          ...(area === 'admin'
            ? [{ path: 'audit', element: <AuditLogPage />, handle: { title: 'audit.title' } }]
            : []),
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
      ...AREA_KEYS.map(areaRoutes),
      { path: '*', element: <Navigate to="/common/404" replace /> },
    ],
  },
];
registerRoutes(routes);

export const router = createBrowserRouter(routes);
