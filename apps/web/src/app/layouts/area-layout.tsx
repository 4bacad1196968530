import { Breadcrumb, Layout, Menu } from 'antd';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, type AreaKey } from '@drp/domain';
import { AREA_MENUS, AREAS_WITHOUT_NAVBAR } from './area-menu';
import { useSidebarOpen } from './sidebar-state';
import { TopBar } from './top-bar';

/** The signed-in frame of one area: top bar, collapsible sidebar, navbar and the page. */
export function AreaLayout({ area }: { area: AreaKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, toggle] = useSidebarOpen();
  const prefix = AREAS[area].prefix;
  const items = AREA_MENUS[area];
  const relative = location.pathname.slice(prefix.length).replace(/^\//, '');
  const selected =
    items.find((i) => i.path === relative) ??
    items.find((i) => i.within?.some((p) => relative.startsWith(p)));
  const pageTitle = useMatches()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .filter(Boolean)
    .pop();

  return (
    <Layout className="area-layout" data-area={area}>
      <Layout.Header className="area-header">
        <TopBar area={area} sidebarOpen={open} onToggleSidebar={toggle} />
      </Layout.Header>
      <Layout>
        <Layout.Sider
          className="area-sider"
          collapsed={!open}
          collapsedWidth={64}
          width={220}
          theme="light"
          trigger={null}
          data-testid="sidebar"
          data-open={open ? '1' : '0'}
        >
          <Menu
            mode="inline"
            selectedKeys={selected ? [selected.path] : []}
            items={items.map((i) => ({ key: i.path, icon: i.icon, label: t(i.label) }))}
            onClick={({ key }) => void navigate(key ? `${prefix}/${key}` : prefix)}
          />
        </Layout.Sider>
        <Layout.Content className="area-content">
          {!AREAS_WITHOUT_NAVBAR.includes(area) && (
            <Breadcrumb
              className="area-navbar"
              data-testid="navbar"
              items={[{ title: t(`areas.${area}`) }, ...(pageTitle ? [{ title: t(pageTitle) }] : [])]}
            />
          )}
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
