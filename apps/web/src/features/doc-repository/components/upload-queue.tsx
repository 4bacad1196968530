import { Button, List, Progress, Space, Tag, Typography } from 'antd';
import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadStatus } from '../hooks/use-upload-queue';
import { formatSize } from './format-size';

const STATUS_COLOR: Record<UploadStatus, string> = {
  waiting: 'default',
  uploading: 'processing',
  saving: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** The files being sent: each with its progress, its status, and the server's word when refused. */
export function UploadQueue({
  items,
  onCancel,
  onRetry,
  onClear,
}: {
  items: UploadItem[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const finished = items.some(
    (i) => i.status === 'done' || i.status === 'failed' || i.status === 'cancelled',
  );
  return (
    <List
      size="small"
      bordered
      className="doc-upload-queue"
      data-testid="upload-queue"
      header={
        <Space className="doc-upload-queue-head">
          <Typography.Text strong>{t('docRepository.queueTitle')}</Typography.Text>
          {finished && (
            <Button size="small" type="link" onClick={onClear} data-testid="upload-queue-clear">
              {t('docRepository.queueClear')}
            </Button>
          )}
        </Space>
      }
      dataSource={items}
      renderItem={(item) => {
        const active = item.status === 'waiting' || item.status === 'uploading' || item.status === 'saving';
        return (
          <List.Item
            key={item.key}
            data-testid="upload-item"
            data-name={item.file.name}
            data-status={item.status}
            actions={[
              active && (
                <Button
                  key="cancel"
                  size="small"
                  icon={<CloseOutlined />}
                  onClick={() => onCancel(item.key)}
                  data-testid="upload-cancel"
                >
                  {t('docRepository.cancelUpload')}
                </Button>
              ),
              (item.status === 'failed' || item.status === 'cancelled') && (
                <Button
                  key="retry"
                  size="small"
                  icon={<RedoOutlined />}
                  onClick={() => onRetry(item.key)}
                  data-testid="upload-retry"
                >
                  {t('docRepository.retryUpload')}
                </Button>
              ),
            ].filter(Boolean)}
          >
            <div className="doc-upload-item">
              <Space size={8} wrap>
                <Typography.Text strong>{item.file.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {formatSize(item.file.size)} · {t('docRepository.toFolder', { name: item.folderName })}
                </Typography.Text>
                <Tag color={STATUS_COLOR[item.status]} data-testid="upload-status">
                  {t(`docRepository.uploadStatus.${item.status}`)}
                </Tag>
              </Space>
              <Progress
                percent={item.percent}
                size="small"
                status={
                  item.status === 'failed'
                    ? 'exception'
                    : item.status === 'done'
                      ? 'success'
                      : active
                        ? 'active'
                        : 'normal'
                }
                data-testid="upload-progress"
                data-percent={item.percent}
              />
              {item.error && (
                <Typography.Text type="danger" data-testid="upload-error">
                  {item.error}
                </Typography.Text>
              )}
            </div>
          </List.Item>
        );
      }}
    />
  );
}
