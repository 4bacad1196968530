import { Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORG_TYPE_LABELS, PROFILE_LABELS, type AreaKey } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSession } from '../../../features/auth/hooks/session-context';
import { usePlatformConfig } from '../../../features/platform/api/get-platform-config';

/** The area's workbench: who is working, for which organisation, with which profiles. */
export function AreaHomePage({ area }: { area: AreaKey }) {
  const { t } = useTranslation();
  const session = useSession();
  const config = usePlatformConfig();
  const locale = currentLocale();
  const member = session.account?.members.find((m) => m.orgId === session.currentOrgId);
  const profiles = member?.roleList.flatMap((r) => r.profileDtoList.map((p) => p.name)) ?? [];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3} data-testid="welcome">
          {t('workbench.welcome', { name: session.account?.account.name ?? '' })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t(`workbench.areaIntro.${area}`)}</Typography.Paragraph>
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
          <Descriptions.Item label={t('workbench.profiles')} span={2}>
            {session.account?.account.admin && <Tag color="red">{PROFILE_LABELS.SYSTEM_ADMIN[locale]}</Tag>}
            {profiles.map((p) => (
              <Tag color="blue" key={p}>
                {PROFILE_LABELS[p][locale]}
              </Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small">
        <Space>
          <Typography.Text>{t('workbench.manualHint')}</Typography.Text>
          <Button icon={<FilePdfOutlined />} href={config.data?.manualUrl} download>
            {t('topBar.manual')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
