import type { ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import {
  AuditOutlined,
  BankOutlined,
  DiffOutlined,
  FilePdfOutlined,
  LockOutlined,
  PlusOutlined,
  ProjectOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AREAS,
  MESSAGE_TYPES_BY_ORG_TYPE,
  ORG_TYPE_LABELS,
  PROFILE_LABELS,
  PROJECT_STATUSES,
  REACHABLE_PROJECT_STATUSES,
  auditLandingPage,
  leadingProfile,
  type AreaKey,
  type ProjectStatusCounts,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';
import { useProjectStatusCounts } from '../../../features/projects/api/get-project-status-counts';
// Review missions (issue 19): the reviewers' and directors' workbench.
import { MissionBoardPanel, MyMissionList } from '../../../features/missions/components/mission-workbench';
import { isRouted } from '../../route-registry';
import { TodoSummary } from './todo-summary';
import './area-home-page.css';

/** The areas with a project list, whose workbench counts it. */
const LIST_AREAS: readonly AreaKey[] = ['apply', 'submit', 'audit', 'supervise', 'joint'];

interface Shortcut {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
}

/** What the person can start from here: only screens that exist (`isRouted`) and they may open. */
function useShortcuts(area: AreaKey): Shortcut[] {
  const { t } = useTranslation();
  const session = useSession();
  const prefix = AREAS[area].prefix;
  const member = session.account?.members.find((m) => m.orgId === session.currentOrgId);
  const all: (Shortcut | false)[] = [
    LIST_AREAS.includes(area) && {
      key: 'projects',
      to: `${prefix}/projects`,
      label: t('projects.title'),
      icon: <ProjectOutlined />,
    },
    area === 'apply' && {
      key: 'newreport',
      to: '/sys_apply/newreport',
      label: t('projects.new'),
      icon: <PlusOutlined />,
    },
    area === 'apply' && {
      key: 'newchange',
      to: '/sys_apply/newchange',
      label: t('projectAlters.new'),
      icon: <DiffOutlined />,
    },
    (area === 'admin' || area === 'info') && {
      key: 'ent',
      to: `${prefix}/ent`,
      label: t(area === 'admin' ? 'orgs.title' : 'orgs.directoryTitle'),
      icon: <BankOutlined />,
    },
    area === 'admin' && {
      key: 'audit',
      to: '/sys_admin/audit',
      label: t('audit.title'),
      icon: <AuditOutlined />,
    },
    Boolean(member?.admin) && {
      key: 'members',
      to: `${prefix}/admin/user/${member!.orgId}`,
      label: t('members.title'),
      icon: <TeamOutlined />,
    },
    { key: 'password', to: `${prefix}/password/modify`, label: t('nav.password'), icon: <LockOutlined /> },
  ];
  return all.filter((s): s is Shortcut => Boolean(s) && isRouted((s as Shortcut).to));
}

/**
 * The list's applications by status, each leading to the list filtered by it. Statuses no step
 * reaches yet show only where an application has one; drafts only to the construction unit.
 */
function StatusCounts({ area, counts }: { area: AreaKey; counts: ProjectStatusCounts | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const list = `${AREAS[area].prefix}/projects`;
  if (!counts) return <Spin />;
  const shown = counts.counts.filter(
    (c) =>
      (area === 'apply' || c.status !== 'DRAFT') &&
      (REACHABLE_PROJECT_STATUSES.includes(c.status) || c.count > 0),
  );
  return (
    <div className="workbench-counts" data-testid="status-counts">
      <Link to={list} className="workbench-count" data-testid="status-count-all">
        <span className="workbench-count-value">{counts.total}</span>
        <span className="workbench-count-label">{t('workbench.allApplications')}</span>
      </Link>
      {shown.map((c) => (
        <Link
          key={c.status}
          to={`${list}?status=${c.status}`}
          className="workbench-count"
          data-testid={`status-count-${c.status}`}
        >
          <span className="workbench-count-value">{c.count}</span>
          <span className="workbench-count-label">{PROJECT_STATUSES[c.status][locale]}</span>
        </Link>
      ))}
    </div>
  );
}

/**
 * The area's workbench: who is working for which organisation in which role, their open to-dos
 * by kind, the applications of the list by status, and where to start.
 */
export function AreaHomePage({ area }: { area: AreaKey }) {
  const { t } = useTranslation();
  const session = useSession();
  const config = usePlatformConfig();
  const locale = currentLocale();
  const member = session.account?.members.find((m) => m.orgId === session.currentOrgId);
  const profiles = member?.roleList.flatMap((r) => r.profileDtoList.map((p) => p.name)) ?? [];
  // Spec §9: with several profiles the area reads the person by the heaviest.
  const role = leadingProfile({ profiles });
  const lists = LIST_AREAS.includes(area);
  const counts = useProjectStatusCounts(lists ? session.currentOrgId : null);
  const shortcuts = useShortcuts(area);
  // To-dos come to organisations whose type has messages (spec §9); the acting one's are shown.
  const acting = session.principal?.members.find((m) => m.orgId === session.currentOrgId);
  // A reviewer neither accepts nor returns materials: the audit text would promise them that.
  const intro =
    area === 'audit' && acting && auditLandingPage(acting) === 'workingDrawingList' ? 'auditReader' : area;
  const todoMember = acting && MESSAGE_TYPES_BY_ORG_TYPE[acting.orgType].length > 0 ? acting : null;
  // Review missions (issue 19): a reviewer lands on their missions, a director on what waits for
  // checking and what is overdue. Only members who work on applications (an approval profile).
  const reviews = area === 'audit' && acting && AREAS.audit.projectMemberQualifies?.(acting) ? acting : null;
  const directs = reviews !== null && auditLandingPage(reviews) === 'workingDrawing';

  return (
    <Space orientation="vertical" size="large" className="full-width">
      <Card>
        <Typography.Title level={3} data-testid="welcome">
          {t('workbench.welcome', { name: session.account?.account.name ?? '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary" data-testid="area-intro">
          {t(`workbench.areaIntro.${intro}`)}
        </Typography.Paragraph>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t('workbench.account')}>
            {session.account?.account.username}
          </Descriptions.Item>
          <Descriptions.Item label={t('workbench.currentOrg')}>
            <span data-testid="current-org">{member?.orgName ?? t('workbench.platformStaff')}</span>
          </Descriptions.Item>
          {member && (
            <Descriptions.Item label={t('workbench.orgType')}>
              {ORG_TYPE_LABELS[member.orgType][locale]}
            </Descriptions.Item>
          )}
          {member && (
            <Descriptions.Item label={t('workbench.admin')}>
              {member.admin ? t('workbench.yes') : t('workbench.no')}
            </Descriptions.Item>
          )}
          {role && (
            <Descriptions.Item label={t('workbench.role')}>
              <span data-testid="current-role">{PROFILE_LABELS[role][locale]}</span>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('workbench.profiles')} span={role ? 1 : 2}>
            {session.account?.account.admin && <Tag color="red">{PROFILE_LABELS.SYSTEM_ADMIN[locale]}</Tag>}
            {profiles.map((p) => (
              <Tag color="blue" key={p}>
                {PROFILE_LABELS[p][locale]}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {(todoMember || lists) && (
        <Row gutter={[16, 16]}>
          {todoMember && (
            <Col xs={24} xl={lists ? 12 : 24}>
              <Card title={t('workbench.todos')} className="workbench-card" data-testid="workbench-todos">
                <TodoSummary area={area} member={todoMember} />
              </Card>
            </Col>
          )}
          {lists && (
            <Col xs={24} xl={todoMember ? 12 : 24}>
              <Card title={t('workbench.counts')} className="workbench-card">
                {counts.isError ? (
                  <Empty description={counts.error.message} />
                ) : (
                  <StatusCounts area={area} counts={counts.data} />
                )}
              </Card>
            </Col>
          )}
        </Row>
      )}
      {reviews && (
        <Card
          title={t(directs ? 'missions.boardTitle' : 'missions.mineTitle')}
          data-testid={directs ? 'workbench-mission-board' : 'workbench-my-missions'}
        >
          {directs ? <MissionBoardPanel orgId={reviews.orgId} /> : <MyMissionList orgId={reviews.orgId} />}
        </Card>
      )}
      <Card title={t('workbench.shortcuts')} data-testid="workbench-shortcuts">
        <Space wrap>
          {shortcuts.map((s) => (
            <Link key={s.key} to={s.to} data-testid={`shortcut-${s.key}`}>
              <Button icon={s.icon}>{s.label}</Button>
            </Link>
          ))}
          <Button icon={<FilePdfOutlined />} href={config.data?.manualUrl} download>
            {t('topBar.manual')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" className="workbench-manual-hint">
          {t('workbench.manualHint')}
        </Typography.Paragraph>
      </Card>
    </Space>
  );
}
