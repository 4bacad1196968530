import { Alert, Button, Card, Descriptions, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ProjectTarget } from '../../../lib/project-target';
import { useProjectNotice } from '../api/get-project-notice';
import { ProjectNoticeReceivers } from './project-notice-receivers';
import './project-notice-texts';

/** `notification/{id}`: one message the agency sent, its text and who read it when. */
export function ProjectNoticeDetail({
  target,
  id,
  listPath,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
}) {
  const { t } = useTranslation();
  const found = useProjectNotice(target, id);
  if (found.isPending) return <Spin />;
  if (found.isError)
    return (
      <Alert type="error" showIcon title={t('projectNotices.loadFailed', { message: found.error.message })} />
    );
  const n = found.data;
  return (
    <Card
      title={t('projectNotices.detailTitle')}
      extra={
        <Link to={listPath}>
          <Button>{t('projectNotices.back')}</Button>
        </Link>
      }
    >
      <Descriptions column={1} bordered size="small" data-testid="notice-detail">
        <Descriptions.Item label={t('projectNotices.type')}>{n.typeName}</Descriptions.Item>
        <Descriptions.Item label={t('projectNotices.sentAt')}>
          {dayjs(n.sentAt).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label={t('projectNotices.content')}>{n.content}</Descriptions.Item>
        <Descriptions.Item label={t('projectNotices.receivers')}>
          <ProjectNoticeReceivers receivers={n.receivers} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
