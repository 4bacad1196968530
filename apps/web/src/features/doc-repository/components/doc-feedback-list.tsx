import { Alert, Button, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DocFeedback } from '@drp/domain';

/**
 * The agency's reasons for returning the materials, and its reminders, of this category. A reason
 * about a folder still in the tree leads to it (`onFolder`). Once the version is accepted they are
 * history (`settled`) and no longer call for action.
 */
export function DocFeedbackList({
  items,
  settled = false,
  onFolder,
}: {
  items: DocFeedback[];
  settled?: boolean;
  /** Opens a folder of the tree; reasons about folders since deleted stay plain text. */
  onFolder?: { has: (folderId: string) => boolean; open: (folderId: string) => void };
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Alert
      type={settled ? 'info' : 'warning'}
      showIcon
      className="doc-feedback"
      data-testid="doc-feedback"
      title={t(settled ? 'docReview.feedbackSettled' : 'docRepository.feedbackTitle')}
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
                  {f.folderId && onFolder?.has(f.folderId) ? (
                    <Button
                      type="link"
                      size="small"
                      className="doc-feedback-folder"
                      onClick={() => onFolder.open(f.folderId!)}
                      data-testid="doc-feedback-folder"
                    >
                      {f.folderPath}
                    </Button>
                  ) : (
                    <Typography.Text strong>
                      {f.folderPath ?? t('docRepository.wholeCategory')}
                    </Typography.Text>
                  )}
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
