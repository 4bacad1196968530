import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ORG_TYPE_LABELS } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useOrgDetail } from '../api/org-calls';

/** Everything the directory holds about one organisation. */
export function OrgDetailView({ id, editPath }: { id: string; editPath: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const detail = useOrgDetail(id);
  if (detail.isError) return <Alert type="error" showIcon title={detail.error.message} />;
  const org = detail.data;
  return (
    <Card
      loading={detail.isPending}
      title={org?.name}
      extra={
        <Link to={editPath}>
          <Button icon={<EditOutlined />}>{t('orgs.edit')}</Button>
        </Link>
      }
    >
      {org && (
        <Descriptions bordered column={{ xs: 1, md: 2 }} data-testid="org-detail">
          <Descriptions.Item label={t('orgs.type')}>{ORG_TYPE_LABELS[org.orgType][locale]}</Descriptions.Item>
          <Descriptions.Item label={t('orgs.state')}>
            {org.enabled ? <Tag color="green">{t('orgs.enabled')}</Tag> : <Tag>{t('orgs.disabled')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.creditCode')}>{org.creditCode ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orgs.region')}>{org.region || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orgs.address')} span={2}>
            {org.address ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.legalRepresentative')}>
            {org.legalRepresentative ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.contact')}>
            {[org.contactName, org.contactPhone].filter(Boolean).join(' · ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.qualificationNo')}>
            {org.qualificationNo ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.qualificationGrade')}>
            {org.qualificationGrade ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.memberCount')}>
            {org.memberCount > 0 ? org.memberCount : t('orgs.directoryOnly')}
          </Descriptions.Item>
          <Descriptions.Item label={t('orgs.createdAt')}>
            {dayjs(org.createdAt).format('YYYY-MM-DD')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
