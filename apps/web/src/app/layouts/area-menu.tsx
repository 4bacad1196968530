import type { ReactNode } from 'react';
import { HomeOutlined, LockOutlined } from '@ant-design/icons';
import type { AreaKey } from '@drp/domain';

export interface AreaMenuItem {
  /** Path below the area prefix ('' for the area's home). */
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: ReactNode;
}

/** Sidebar entries of each area; capabilities add theirs as their screens are built. */
export const AREA_MENUS: Record<AreaKey, AreaMenuItem[]> = Object.fromEntries(
  (['apply', 'submit', 'audit', 'supervise', 'joint', 'admin', 'info'] as const).map((area) => [
    area,
    [
      { path: '', label: 'nav.home', icon: <HomeOutlined /> },
      { path: 'password/modify', label: 'nav.password', icon: <LockOutlined /> },
    ],
  ]),
) as Record<AreaKey, AreaMenuItem[]>;

/** Spec §2: the supervise layout has a sidebar and top bar but no navbar. */
export const AREAS_WITHOUT_NAVBAR: readonly AreaKey[] = ['supervise'];
