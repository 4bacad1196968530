import type { ReactNode } from 'react';
import { AuditOutlined, BankOutlined, HomeOutlined, LockOutlined, ProjectOutlined } from '@ant-design/icons';
import { CalendarOutlined } from '@ant-design/icons';
import { BookOutlined } from '@ant-design/icons';
import {
  CommentOutlined,
  FileTextOutlined,
  GlobalOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import type { AreaKey } from '@drp/domain';
// Working-day calendar (issue 19): its texts, so the menu can name it before the screen loads.
import '../../features/calendar/calendar-texts';

export interface AreaMenuItem {
  /** Path below the area prefix ('' for the area's home). */
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
  /** Other paths (prefixes) of the same screen family that keep the entry selected. */
  within?: readonly string[];
}

/** Sidebar entries of each area; capabilities add theirs as their screens are built. */
const home: AreaMenuItem = { path: '', label: 'nav.home', icon: <HomeOutlined /> };
const password: AreaMenuItem = { path: 'password/modify', label: 'nav.password', icon: <LockOutlined /> };

const projects: AreaMenuItem = { path: 'projects', label: 'projects.title', icon: <ProjectOutlined /> };

export const AREA_MENUS: Record<AreaKey, AreaMenuItem[]> = {
  apply: [projects, home, password],
  submit: [projects, home, password],
  audit: [projects, home, password],
  supervise: [
    projects,
    // Filing (issue 21): the list opens on what waits for the authority.
    {
      path: 'approval/tbc',
      label: 'nav.filings',
      icon: <SafetyCertificateOutlined />,
      within: ['approval/', 'filing/'],
    },
    home,
    password,
  ],
  // The joint area opens on its projects (spec §2); it has no workbench.
  joint: [projects, password],
  admin: [
    home,
    { path: 'ent', label: 'orgs.title', icon: <BankOutlined /> },
    { path: 'audit', label: 'audit.title', icon: <AuditOutlined /> },
    // Clause library (issue 19)
    { path: 'standards', label: 'clauses.menu', icon: <BookOutlined /> },
    // Working-day calendar (issue 19)
    { path: 'calendar', label: 'calendar.title', icon: <CalendarOutlined /> },
    password,
  ],
  info: [
    home,
    { path: 'ent', label: 'orgs.directoryTitle', icon: <BankOutlined /> },
    // The public portal's content (issue 7).
    { path: 'portal/articles', label: 'portalManage.menu.articles', icon: <FileTextOutlined /> },
    { path: 'portal/credit', label: 'portalManage.menu.credit', icon: <SafetyCertificateOutlined /> },
    { path: 'portal/site', label: 'portalManage.menu.site', icon: <GlobalOutlined /> },
    { path: 'portal/forum', label: 'portalManage.menu.forum', icon: <CommentOutlined /> },
    password,
  ],
};

/** Spec §2: the supervise layout has a sidebar and top bar but no navbar. */
export const AREAS_WITHOUT_NAVBAR: readonly AreaKey[] = ['supervise'];
