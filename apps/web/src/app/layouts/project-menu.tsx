import type { ReactNode } from 'react';
import { Menu } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  CommentOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileDoneOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  InboxOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  ThunderboltOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { receivesDocs, type OrgType, type PrincipalMember } from '@drp/domain';
import { isRouted } from '../route-registry';
import type { ProjectArea } from '../routes/areas/project-area';
import { applicationPath } from '../routes/areas/project-paths';

/** What a sidebar entry may depend on: the project, the acting member and the user's memberships. */
export interface ProjectMenuContext {
  projectId: string;
  /** A change application (变更): its form is changedetail rather than reportdetail. */
  isAlter: boolean;
  /**
   * Whether the member may open the workspace's screens; when not (an audit member without an
   * approval profile, spec §6), only the application form is offered.
   */
  workspace: boolean;
  /** The current member of the project (spec §6). */
  member: PrincipalMember;
  /** The user's organisations taking part in the project, by org type (one each, the acting one first). */
  orgIn: Partial<Record<OrgType, string>>;
  /** The org types of all the user's memberships in the area (spec §2: submit shows items by them). */
  orgTypes: ReadonlySet<OrgType>;
}

export interface ProjectMenuItem {
  /** The spec's name of the screen. */
  key: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
  /** Where the screen is for this project. */
  path: (c: ProjectMenuContext) => string;
  /**
   * Extra conditions of the spec; the screen must also be routed to be shown. Spec §6 marks audit
   * items all, admin or leader: an item that needs a right asks the project policy here (as
   * `receivesDocs` does), never a list of profiles of its own.
   */
  visible?: (c: ProjectMenuContext) => boolean;
  /** Other screens that belong to this entry (the building form of the submit area). */
  related?: (c: ProjectMenuContext) => string[];
}

const enc = encodeURIComponent;
/** `/sys_x/{orgId}/{projectId}/<rest>` with the acting organisation, or with one of another kind. */
const scoped =
  (prefix: string, rest: string, orgType?: OrgType) =>
  ({ projectId, member, orgIn }: ProjectMenuContext) =>
    `${prefix}/${enc((orgType && orgIn[orgType]) || member.orgId)}/${enc(projectId)}/${rest}`;
/** `/sys_x/{projectId}/<rest>`. */
const byProject =
  (prefix: string, rest: string) =>
  ({ projectId }: ProjectMenuContext) =>
    `${prefix}/${enc(projectId)}/${rest}`;

const hasDesignOrg = (c: ProjectMenuContext) => c.orgTypes.has('DESIGN');

/** The application form (reportdetail, changedetail, rptinfo): the first item of every workspace. */
const application = (area: ProjectArea): ProjectMenuItem => ({
  key: 'application',
  label: 'projectMenu.application',
  icon: <ProfileOutlined />,
  path: ({ projectId, isAlter }) => applicationPath(area, projectId, isAlter),
});

/** The project menus of each area, in the spec's order (§2). Screens not built yet stay hidden. */
export const PROJECT_MENUS: Record<ProjectArea, ProjectMenuItem[]> = {
  apply: [
    application('apply'),
    {
      key: 'buildingList',
      label: 'projectMenu.buildingList',
      icon: <ApartmentOutlined />,
      path: scoped('/sys_apply', 'buildingList'),
    },
    {
      key: 'workingDrawing',
      label: 'projectMenu.applyWorkingDrawing',
      icon: <FolderOpenOutlined />,
      path: byProject('/sys_apply', 'workingDrawing'),
      related: (c) => [byProject('/sys_apply', 'reconnaissance')(c)],
    },
    {
      key: 'report',
      label: 'projectMenu.report',
      icon: <FileTextOutlined />,
      path: scoped('/sys_apply', 'report'),
    },
    {
      key: 'answerCensorConstRes',
      label: 'projectMenu.answerCensorConstRes',
      icon: <CommentOutlined />,
      path: scoped('/sys_apply', 'answerCensorConstRes'),
    },
    {
      key: 'answerCensorEnergyRes',
      label: 'projectMenu.answerCensorEnergyRes',
      icon: <ThunderboltOutlined />,
      path: scoped('/sys_apply', 'answerCensorEnergyRes'),
    },
    {
      key: 'signature',
      label: 'projectMenu.signature',
      icon: <SafetyCertificateOutlined />,
      path: scoped('/sys_apply', 'signature'),
    },
  ],
  submit: [
    application('submit'),
    {
      key: 'surveyInfo',
      label: 'projectMenu.surveyInfo',
      icon: <EnvironmentOutlined />,
      path: scoped('/sys_submit', 'surveyInfoList', 'SURVEY'),
      visible: (c) => c.orgTypes.has('SURVEY'),
      related: (c) => [scoped('/sys_submit', 'surveyInfo', 'SURVEY')(c)],
    },
    // Survey-only, like the survey information: the survey units' documents.
    {
      key: 'reconnaissance',
      label: 'projectMenu.reconnaissance',
      icon: <FileSearchOutlined />,
      path: byProject('/sys_submit', 'reconnaissance'),
      visible: (c) => c.orgTypes.has('SURVEY'),
    },
    {
      key: 'buildingList',
      label: 'projectMenu.buildingList',
      icon: <ApartmentOutlined />,
      path: byProject('/sys_submit', 'buildingList'),
      related: (c) => [byProject('/sys_submit', 'newBuilding')(c)],
    },
    // Design-only: drawings and the answers to drawing and energy opinions are the design units' work.
    {
      key: 'workingDrawing',
      label: 'projectMenu.submitWorkingDrawing',
      icon: <FolderOpenOutlined />,
      path: byProject('/sys_submit', 'workingDrawing'),
      visible: hasDesignOrg,
    },
    // The survey unit answers its survey opinions here too (issue 20), beside the drawings'.
    {
      key: 'answerCensorConstRes',
      label: 'projectMenu.answerCensorConstRes',
      icon: <CommentOutlined />,
      path: scoped('/sys_submit', 'answerCensorConstRes', 'DESIGN'),
      visible: (c) => hasDesignOrg(c) || c.orgTypes.has('SURVEY'),
    },
    {
      key: 'answerCensorEnergyRes',
      label: 'projectMenu.answerCensorEnergyRes',
      icon: <ThunderboltOutlined />,
      path: scoped('/sys_submit', 'answerCensorEnergyRes', 'DESIGN'),
      visible: hasDesignOrg,
    },
    {
      key: 'report',
      label: 'projectMenu.report',
      icon: <FileTextOutlined />,
      path: scoped('/sys_submit', 'report'),
    },
    {
      key: 'signature',
      label: 'projectMenu.signature',
      icon: <SafetyCertificateOutlined />,
      path: scoped('/sys_submit', 'signature'),
    },
  ],
  audit: [
    application('audit'),
    {
      key: 'workingDrawing',
      label: 'projectMenu.auditWorkingDrawing',
      icon: <InboxOutlined />,
      path: scoped('/sys_audit', 'workingDrawing'),
      // Spec §6: director authority (the director, approval administrators, the sub-admin).
      visible: (c) => receivesDocs(c.member),
      related: (c) => [scoped('/sys_audit', 'reconnaissance')(c)],
    },
    {
      key: 'buildingList',
      label: 'projectMenu.buildingList',
      icon: <ApartmentOutlined />,
      path: scoped('/sys_audit', 'buildingList'),
    },
    {
      key: 'censorsurveyres',
      label: 'projectMenu.censorsurveyres',
      icon: <FileSearchOutlined />,
      path: scoped('/sys_audit', 'censorsurveyres'),
    },
    {
      key: 'missions',
      label: 'projectMenu.missions',
      icon: <ScheduleOutlined />,
      path: scoped('/sys_audit', 'missions'),
    },
    {
      key: 'workingDrawingList',
      label: 'projectMenu.workingDrawingList',
      icon: <AuditOutlined />,
      path: scoped('/sys_audit', 'workingDrawingList'),
      related: (c) => [scoped('/sys_audit', 'reconnaissanceList')(c)],
    },
    {
      key: 'censorconstres',
      label: 'projectMenu.censorconstres',
      icon: <FileTextOutlined />,
      path: scoped('/sys_audit', 'censorconstres'),
    },
    {
      key: 'censorenergyres',
      label: 'projectMenu.censorenergyres',
      icon: <ThunderboltOutlined />,
      path: scoped('/sys_audit', 'censorenergyres'),
    },
    {
      key: 'badAction',
      label: 'projectMenu.badAction',
      icon: <WarningOutlined />,
      path: scoped('/sys_audit', 'badAction'),
    },
    {
      key: 'notifications',
      label: 'projectMenu.notifications',
      icon: <NotificationOutlined />,
      path: scoped('/sys_audit', 'notifications'),
      related: (c) => [scoped('/sys_audit', 'notification')(c)],
    },
    {
      key: 'report',
      label: 'projectMenu.report',
      icon: <FileDoneOutlined />,
      path: scoped('/sys_audit', 'report'),
    },
    {
      key: 'answerCensorConstRes',
      label: 'projectMenu.answerCensorConstRes',
      icon: <CommentOutlined />,
      path: scoped('/sys_audit', 'answerCensorConstRes'),
    },
    {
      key: 'answerCensorEnergyRes',
      label: 'projectMenu.answerCensorEnergyRes',
      icon: <ThunderboltOutlined />,
      path: scoped('/sys_audit', 'answerCensorEnergyRes'),
    },
    {
      key: 'filing',
      label: 'projectMenu.filing',
      icon: <FileProtectOutlined />,
      path: scoped('/sys_audit', 'filing'),
    },
    {
      key: 'certification',
      label: 'projectMenu.certification',
      icon: <SafetyCertificateOutlined />,
      path: scoped('/sys_audit', 'certification'),
    },
    {
      key: 'signature',
      label: 'projectMenu.signature',
      icon: <ExperimentOutlined />,
      path: scoped('/sys_audit', 'signature'),
    },
  ],
  supervise: [
    application('supervise'),
    ...readerMenu('/sys_supervise'),
    // bad actions to confirm (issue 19)
    {
      key: 'badActions',
      label: 'projectMenu.badAction',
      icon: <WarningOutlined />,
      path: ({ projectId }) => `/sys_supervise/projects/${enc(projectId)}/badActions`,
    },
  ],
  joint: [application('joint'), ...readerMenu('/sys_joint')],
};

/** Spec §2: the project-info menu of the supervising and joint-review areas. */
function readerMenu(prefix: string): ProjectMenuItem[] {
  const under =
    (rest: string) =>
    ({ projectId }: ProjectMenuContext) =>
      `${prefix}/projects/${enc(projectId)}/${rest}`;
  return [
    {
      key: 'buildings',
      label: 'projectMenu.buildingList',
      icon: <ApartmentOutlined />,
      path: under('buildings'),
    },
    { key: 'docs', label: 'projectMenu.docs', icon: <FileSearchOutlined />, path: under('docs') },
    { key: 'drawings', label: 'projectMenu.drawings', icon: <FolderOpenOutlined />, path: under('drawings') },
    { key: 'reports', label: 'projectMenu.report', icon: <FileTextOutlined />, path: under('reports') },
    {
      key: 'drawingreply',
      label: 'projectMenu.answerCensorConstRes',
      icon: <CommentOutlined />,
      path: under('drawingreply'),
    },
    {
      key: 'energyreply',
      label: 'projectMenu.answerCensorEnergyRes',
      icon: <ThunderboltOutlined />,
      path: under('energyreply'),
    },
  ];
}

/** The entries shown for this project: visible by the spec's conditions, and routed. */
export function projectMenuItems(area: ProjectArea, context: ProjectMenuContext) {
  return PROJECT_MENUS[area]
    .filter((i) => context.workspace || i.key === 'application')
    .filter((i) => i.visible?.(context) ?? true)
    .map((i) => ({ ...i, to: i.path(context), also: i.related?.(context) ?? [] }))
    .filter((i) => isRouted(i.to));
}

export function ProjectMenu({ area, context }: { area: ProjectArea; context: ProjectMenuContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = projectMenuItems(area, context);
  // The entry whose screen the page is on or below (a building belongs to the building list).
  const selected = items
    .filter((i) => [i.to, ...i.also].some((to) => pathname === to || pathname.startsWith(`${to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <Menu
      mode="inline"
      selectedKeys={selected ? [selected.key] : []}
      items={items.map((i) => ({
        key: i.key,
        icon: i.icon,
        label: t(i.label),
        'data-testid': `project-menu-${i.key}`,
      }))}
      onClick={({ key }) => {
        const item = items.find((i) => i.key === key);
        if (item) void navigate(item.to);
      }}
      data-testid="project-menu"
    />
  );
}
