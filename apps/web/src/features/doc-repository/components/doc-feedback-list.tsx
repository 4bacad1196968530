import { Alert, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DocFeedback } from '@drp/domain';

/** The agency's reasons for returning the materials, and its reminders, of this category. */
export function DocFeedbackList({ items }: { items: DocFeedback[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="doc-feedback"
      data-testid="doc-feedback"
      title={t('docRepository.feedbackTitle')}
      description={
        <List
          size="small"
          split={false}
          dataSource={items}
          renderItem={(f) => (
            <List.Item key={f.id} data-testid="doc-feedback-item">
              <Space orientation="vertical" size={0}>
                <Space size={8} wrap>
                  <Tag color={f.kind === 'RETURN' ? 'red' : 'orange'}>
                    {t(`docRepository.feedbackKind.${f.kind}`)}
                  </Tag>
                  <Typography.Text strong>{f.folderPath ?? t('docRepository.wholeCategory')}</Typography.Text>
                  <Typography.Text type="secondary">
                    {f.orgName} · {dayjs(f.createdAt).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </Space>
                <Typography.Text>{f.reason}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      }
    />
  );
}
