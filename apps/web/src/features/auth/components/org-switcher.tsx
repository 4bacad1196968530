import { Dropdown, Button } from 'antd';
import { DownOutlined, BankOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AREAS, ORG_TYPE_LABELS, homeArea } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSession } from '../hooks/session-context';

/** Lists the current principals as "org name + type"; picking one moves to that org's area. */
export function OrgSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const members = session.account?.members ?? [];
  const current = members.find((m) => m.orgId === session.currentOrgId);
  const locale = currentLocale();
  const label = (m: (typeof members)[number]) =>
    locale === 'zh-CN'
      ? `${m.orgName}（${ORG_TYPE_LABELS[m.orgType][locale]}）`
      : `${m.orgName} (${ORG_TYPE_LABELS[m.orgType][locale]})`;

  if (members.length === 0)
    return (
      <span className="top-bar-item" data-testid="org-switcher">
        <BankOutlined /> {t('topBar.noOrg')}
      </span>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current.orgId] : [],
        items: members.map((m) => ({ key: m.orgId, label: label(m) })),
        onClick: ({ key }) => {
          session.setCurrentOrgId(key);
          const area = session.principal ? homeArea(session.principal, key) : null;
          void navigate(area ? AREAS[area].prefix : '/');
        },
      }}
    >
      <Button
        type="text"
        className="top-bar-button top-bar-org"
        data-testid="org-switcher"
        title={current ? `${t('topBar.switchOrg')}: ${label(current)}` : t('topBar.switchOrg')}
      >
        <BankOutlined />
        {/* Long organisation names give way before the platform's title does. */}
        <span className="top-bar-org-name">{current ? label(current) : t('topBar.switchOrg')}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
