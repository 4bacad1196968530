import type { ReactNode } from 'react';
import { AuditOutlined, BankOutlined, HomeOutlined, LockOutlined } from '@ant-design/icons';
import type { AreaKey } from '@drp/domain';

export interface AreaMenuItem {
  /** Path below the area prefix ('' for the area's home). */
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
}

/** Sidebar entries of each area; capabilities add theirs as their screens are built. */
const home: AreaMenuItem = { path: '', label: 'nav.home', icon: <HomeOutlined /> };
const password: AreaMenuItem = { path: 'password/modify', label: 'nav.password', icon: <LockOutlined /> };

export const AREA_MENUS: Record<AreaKey, AreaMenuItem[]> = {
  apply: [home, password],
  submit: [home, password],
  audit: [home, password],
  supervise: [home, password],
  joint: [home, password],
  admin: [
    home,
    { path: 'ent', label: 'orgs.title', icon: <BankOutlined /> },
    { path: 'audit', label: 'audit.title', icon: <AuditOutlined /> },
    password,
  ],
  info: [home, { path: 'ent', label: 'orgs.directoryTitle', icon: <BankOutlined /> }, password],
};

/** Spec §2: the supervise layout has a sidebar and top bar but no navbar. */
export const AREAS_WITHOUT_NAVBAR: readonly AreaKey[] = ['supervise'];
