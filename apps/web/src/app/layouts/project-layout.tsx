import { useEffect } from 'react';
import { Alert, App, Breadcrumb, Button, Layout, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, Outlet, useMatches, useNavigate, useOutletContext, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  APPROVAL_PROFILES,
  LIMITS,
  qualifyingMembers,
  type OrgType,
  type PrincipalMember,
  type ProjectDetail,
} from '@drp/domain';
import { FullPageSpin } from '../../components/full-page-spin';
import { NOT_FOUND_PATH } from '../../lib/not-found';
import { useSession } from '../../features/auth/hooks/session-context';
import { ProjectStatusTag } from '../../features/projects/components/project-status-tag';
import type { ProjectArea } from '../routes/areas/project-area';
import type { RouteHandle } from '../route-handle';
import { applicationPath, projectListPath } from '../routes/areas/project-paths';
import './project-layout.css';
import { ProjectMenu, type ProjectMenuContext } from './project-menu';
import { useSidebarOpen } from './sidebar-state';
import { TopBar } from './top-bar';
import { useProjectMember } from './use-project-member';

/** What the project layout hands to the screens inside it. */
export interface ProjectOutletContext {
  area: ProjectArea;
  project: ProjectDetail;
  /** The current member of the project (spec §6): the organisation every call acts for. */
  member: PrincipalMember;
  /** The acting organisation's name, as the project names it. */
  orgName: string;
}

export const useProjectContext = () => useOutletContext<ProjectOutletContext>();

/** The name the project gives one of its parties. */
function partyName(project: ProjectDetail, orgId: string) {
  const parties = [project.construct, ...project.designList, ...project.surveyList, project.censor];
  return parties.find((p) => p.orgId === orgId)?.orgName;
}

/** Spec §6: project routes of the audit area need an approval profile, not the print clerk's alone. */
const mayOpenProject = (area: ProjectArea, member: PrincipalMember) =>
  area !== 'audit' || member.profiles.some((p) => (APPROVAL_PROFILES as readonly string[]).includes(p));

/** The guard's answer (spec §5): "您没有权限。" for 2 s, then `/`. */
function NoPermission() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    void message.error(t('guard.noPermission'), LIMITS.guardMessageMs / 1000);
    const timer = setTimeout(() => void navigate('/', { replace: true }), LIMITS.guardMessageMs);
    return () => clearTimeout(timer);
  }, [message, navigate, t]);
  return null;
}

/**
 * The frame of one project's screens (spec §2 "Layout behaviour"): the top bar, a collapsible
 * sidebar with the area's project menu (open state remembered as 1/0, shared with the area
 * layout), and a navbar naming the project, its code, its status and the organisation acting in
 * it, with the way back to the project list.
 */
export function ProjectLayout({ area }: { area: ProjectArea }) {
  const { t } = useTranslation();
  const [open, toggle] = useSidebarOpen();
  const params = useParams();
  const session = useSession();
  // The application form names the project `:id` (spec §2 reportdetail/{id}), the other screens `:projectId`.
  const state = useProjectMember(area, params.projectId ?? params.id ?? '', params.orgId);
  const listPath = projectListPath(area);
  const handles = useMatches().map((m) => m.handle as RouteHandle | undefined);
  const pageTitle = handles
    .map((h) => h?.title)
    .filter(Boolean)
    .pop();
  // Reading the application form is the area's (the print clerk too); the rest of the workspace needs
  // an approval profile in the audit area (spec §6).
  const formOnly = handles.some((h) => h?.applicationForm);
  const workspace = state.status === 'ready' && mayOpenProject(area, state.member);
  const ready = state.status === 'ready' && (workspace || formOnly) ? state : null;
  const orgTypes = new Set<OrgType>(
    session.principal ? qualifyingMembers(session.principal, area).map((m) => m.orgType) : [],
  );
  let menuContext: ProjectMenuContext | null = null;
  if (ready) {
    const orgIn: Partial<Record<OrgType, string>> = { [ready.member.orgType]: ready.member.orgId };
    for (const m of session.principal?.members ?? [])
      if (!orgIn[m.orgType] && partyName(ready.project, m.orgId)) orgIn[m.orgType] = m.orgId;
    menuContext = {
      projectId: ready.project.id,
      isAlter: ready.project.isAlter,
      workspace,
      member: ready.member,
      orgIn,
      orgTypes,
    };
  }

  let content;
  if (state.status === 'loading') content = <FullPageSpin />;
  // Missing, out of reach or a malformed id: the one 404 page (lib/not-found).
  else if (state.status === 'notFound') content = <Navigate to={NOT_FOUND_PATH} replace />;
  else if (state.status === 'error') content = <Alert type="error" showIcon title={state.error.message} />;
  else if (!ready) content = <NoPermission />;
  else {
    const { project, member } = ready;
    // A reader (supervising authority, joint-review body) is no party: its name comes from the account.
    const orgName =
      partyName(project, member.orgId) ??
      session.account?.members.find((m) => m.orgId === member.orgId)?.orgName ??
      '';
    const context: ProjectOutletContext = { area, project, member, orgName };
    content = (
      <>
        <Breadcrumb
          className="area-navbar"
          data-testid="navbar"
          items={[
            { title: t(`areas.${area}`) },
            { title: <Link to={listPath}>{t('projects.title')}</Link> },
            { title: <Link to={applicationPath(area, project.id, project.isAlter)}>{project.name}</Link> },
            ...(pageTitle ? [{ title: t(pageTitle) }] : []),
          ]}
        />
        <div className="project-navbar" data-testid="project-navbar">
          <Link to={listPath} className="project-navbar-back">
            <Button icon={<ArrowLeftOutlined />} data-testid="back-to-projects">
              {t('projectLayout.backToProjects')}
            </Button>
          </Link>
          <div className="project-navbar-main">
            <Space size={8} wrap className="project-navbar-title">
              <Link to={applicationPath(area, project.id, project.isAlter)} data-testid="project-navbar-name">
                {project.name}
              </Link>
              <ProjectStatusTag status={project.status} />
            </Space>
            <Space size={16} wrap className="project-navbar-meta">
              <Typography.Text type="secondary">
                {t('projectLayout.code')} <span data-testid="project-navbar-code">{project.code}</span>
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('projectLayout.actingAs')}{' '}
                <span data-testid="acting-org" data-org-id={member.orgId}>
                  {orgName}
                </span>
              </Typography.Text>
            </Space>
          </div>
        </div>
        <Outlet context={context} />
      </>
    );
  }

  return (
    <Layout className="area-layout project-layout" data-area={area}>
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
          {ready && open && (
            <div className="project-sider-head" title={ready.project.name}>
              {ready.project.name}
            </div>
          )}
          {menuContext && <ProjectMenu area={area} context={menuContext} />}
        </Layout.Sider>
        <Layout.Content className="area-content">{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
