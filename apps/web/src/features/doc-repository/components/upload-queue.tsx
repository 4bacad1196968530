import { Button, List, Progress, Space, Tag, Typography } from 'antd';
import {
  CaretRightOutlined,
  CloseOutlined,
  DeleteOutlined,
  PauseOutlined,
  RedoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { UploadItem, UploadStatus } from '../hooks/use-upload-queue';
import { formatSize } from './format-size';

const STATUS_COLOR: Record<UploadStatus, string> = {
  waiting: 'default',
  uploading: 'processing',
  paused: 'default',
  saving: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  interrupted: 'warning',
};

/**
 * The files being sent: each with its progress, its status, and the server's word when refused.
 * A file on its way may be paused (`onCancel(key, 'pause')`: the server keeps what it has) and
 * continued (`onRetry`), or cancelled; a refused file offers no 重试, as trying again changes
 * nothing. An upload an earlier visit left unfinished shows how far it got until the file is
 * chosen again; 放弃 (`onCancel`) drops it. `onPause` and `onResume`, when given, are used instead.
 */
export function UploadQueue({
  items,
  onCancel,
  onRetry,
  onClear,
  onPause,
  onResume,
}: {
  items: UploadItem[];
  onCancel: (key: string, how?: 'cancel' | 'pause') => void;
  onRetry: (key: string) => void;
  onClear: () => void;
  onPause?: (key: string) => void;
  onResume?: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const pause = onPause ?? ((key: string) => onCancel(key, 'pause'));
  const resume = onResume ?? onRetry;
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
        const actions = [
          item.status === 'uploading' && (
            <Button
              key="pause"
              size="small"
              icon={<PauseOutlined />}
              onClick={() => pause(item.key)}
              data-testid="upload-pause"
            >
              {t('docRepository.pauseUpload')}
            </Button>
          ),
          item.status === 'paused' && (
            <Button
              key="resume"
              size="small"
              icon={<CaretRightOutlined />}
              onClick={() => resume(item.key)}
              data-testid="upload-resume"
            >
              {t('docRepository.resumeUpload')}
            </Button>
          ),
          // Saving is one short call that may already have put the file in its folder: no cancelling it.
          (item.status === 'waiting' || item.status === 'uploading' || item.status === 'paused') && (
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
          ((item.status === 'failed' && item.retryable) || item.status === 'cancelled') && (
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
          item.status === 'interrupted' && (
            <Button
              key="discard"
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onCancel(item.key)}
              data-testid="upload-discard"
            >
              {t('docRepository.discardUpload')}
            </Button>
          ),
        ].filter(Boolean);
        return (
          <List.Item
            key={item.key}
            data-testid="upload-item"
            data-name={item.name}
            data-status={item.status}
            actions={actions}
          >
            <div className="doc-upload-item">
              <Space size={8} wrap>
                <Typography.Text strong>{item.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {formatSize(item.size)} · {t('docRepository.toFolder', { name: item.folderName })}
                </Typography.Text>
                <Tag color={STATUS_COLOR[item.status]} data-testid="upload-status">
                  {t(`docRepository.uploadStatus.${item.status}`)}
                </Tag>
                {item.resumed && (
                  <Tag color="blue" data-testid="upload-resumed">
                    {t('docRepository.resumedUpload')}
                  </Tag>
                )}
              </Space>
              {item.status === 'interrupted' && (
                <Typography.Text type="secondary" data-testid="upload-interrupted-hint">
                  {item.percent === undefined
                    ? t('docRepository.interruptedHintUnknown')
                    : t('docRepository.interruptedHint', { percent: item.percent })}
                </Typography.Text>
              )}
              <Progress
                percent={item.percent ?? 0}
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
