import { App, Button, Dropdown, Space } from 'antd';
import {
  DownOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, type AreaKey, type Locale } from '@drp/domain';
import { changeLocale, currentLocale } from '../../config/i18n';
import { MessagePopover } from '../../features/messages/components/message-popover';
import { OrgSwitcher } from '../../features/auth/components/org-switcher';
import { signOut } from '../../features/auth/api/sign-out';
import { useSession } from '../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../features/platform/api/get-platform-config';
import { isRouted } from '../route-registry';

const LANGUAGES: { key: Locale; label: string }[] = [
  { key: 'zh-CN', label: '中文' },
  { key: 'en-US', label: 'English' },
];

export function TopBar({
  area,
  sidebarOpen,
  onToggleSidebar,
}: {
  area: AreaKey;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const config = usePlatformConfig();
  const prefix = AREAS[area].prefix;
  const currentMember = session.account?.members.find((m) => m.orgId === session.currentOrgId);
  // The back office of the current organisation, for its admins, once that screen exists.
  const backOffice = currentMember?.admin ? `${prefix}/admin/user/${currentMember.orgId}` : null;

  const onSignOut = async () => {
    try {
      await signOut();
    } catch {
      void message.warning(t('topBar.signOutFailed'));
    }
    // Commit the move off the guarded page before the token goes; otherwise the guard, still
    // rendered inside the router's transition, would add the page as the return address.
    await navigate('/sys_sso/login', { replace: true, flushSync: true });
    session.clear();
  };

  return (
    <div className="top-bar">
      <Button
        type="text"
        className="top-bar-button"
        aria-label={sidebarOpen ? t('nav.collapse') : t('nav.expand')}
        data-testid="hamburger"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
      />
      <Link to={prefix} className="top-bar-brand">
        <img src="/logo.svg" alt="" width={28} height={28} />
        <span className="top-bar-title">{config.data?.title ?? ''}</span>
        <span className="top-bar-area">{t(`areas.${area}`)}</span>
      </Link>
      <Space size={4} className="top-bar-right" wrap={false}>
        <MessagePopover
          token={session.token}
          members={session.account?.members ?? []}
          currentOrgId={session.currentOrgId}
          setCurrentOrgId={session.setCurrentOrgId}
          isRouted={isRouted}
        />
        {backOffice && isRouted(backOffice) && (
          <Link to={backOffice} className="top-bar-item" data-testid="back-office">
            <SettingOutlined /> {t('topBar.backOffice')}
          </Link>
        )}
        <a
          href={config.data?.manualUrl ?? '/api/platform/manual'}
          className="top-bar-item"
          download
          data-testid="manual"
        >
          <FilePdfOutlined /> {t('topBar.manual')}
        </a>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [currentLocale()],
            items: LANGUAGES,
            onClick: ({ key }) => void changeLocale(key as Locale),
          }}
        >
          <Button type="text" className="top-bar-button" data-testid="language">
            <GlobalOutlined /> {LANGUAGES.find((l) => l.key === currentLocale())?.label}
          </Button>
        </Dropdown>
        <OrgSwitcher />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'password', label: t('topBar.changePassword') }],
            onClick: () => void navigate(`${prefix}/password/modify`),
          }}
        >
          <Button type="text" className="top-bar-button" data-testid="user-menu">
            <UserOutlined /> {session.account?.account.name} <DownOutlined />
          </Button>
        </Dropdown>
        <Button
          type="text"
          className="top-bar-button"
          data-testid="sign-out"
          icon={<LogoutOutlined />}
          onClick={() => void onSignOut()}
        >
          {t('topBar.signOut')}
        </Button>
      </Space>
    </div>
  );
}
