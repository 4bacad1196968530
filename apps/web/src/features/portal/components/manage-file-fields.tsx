import { useEffect, useRef } from 'react';
import { App, Button, Space, Tooltip, Typography, Upload } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PaperClipOutlined,
  PictureOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PORTAL_LIMITS } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import {
  downloadManageFile,
  useManageFileObjectUrl,
  useUploadManageFile,
  type PortalUploadPurpose,
} from '../api/manage-uploads';
import './manage-portal.css';

/** An attachment in the form: a kept one (with its URL) or a new upload (id only, until saved). */
export interface ManageFileValue {
  id: string;
  name: string;
  size: number;
  /** Where the saved file is read; a fresh upload has none yet. */
  url?: string | null;
  /** A fresh cover's own bytes, shown before the save. */
  localUrl?: string;
}

/** What the server takes, said before a byte is sent; the server judges by the bytes. */
export const ATTACHMENT_ACCEPT = '.pdf,.ofd,.doc,.docx,.xls,.xlsx,.zip,.jpg,.jpeg,.png';
const ATTACHMENT_NAME = /\.(pdf|ofd|docx?|xlsx?|zip|jpe?g|png)$/i;
const COVER_ACCEPT = '.jpg,.jpeg,.png,.webp';
const COVER_NAME = /\.(jpe?g|png|webp)$/i;
const MB = 1024 * 1024;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The checks and the upload of one picked file; the answer becomes a form value. */
function useUploader(purpose: PortalUploadPurpose) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const upload = useUploadManageFile();
  const [pattern, maxBytes] =
    purpose === 'COVER'
      ? [COVER_NAME, PORTAL_LIMITS.coverMaxBytes]
      : [ATTACHMENT_NAME, PORTAL_LIMITS.attachmentMaxBytes];

  const check = (file: File): boolean => {
    if (!pattern.test(file.name)) {
      void message.error(
        t(purpose === 'COVER' ? 'portalManage.files.coverWrongType' : 'portalManage.files.wrongType'),
      );
      return false;
    }
    if (file.size === 0) {
      void message.error(t('portalManage.files.empty'));
      return false;
    }
    if (file.size > maxBytes) {
      void message.error(t('portalManage.files.tooLarge', { mb: maxBytes / MB }));
      return false;
    }
    return true;
  };

  const send = async (file: File): Promise<ManageFileValue | null> => {
    try {
      const done = await upload.mutateAsync({ purpose, file });
      return { id: done.id, name: done.name, size: done.size, url: null };
    } catch (error) {
      void message.error(messageOf(error));
      return null;
    }
  };
  return { check, send, pending: upload.isPending, maxMb: maxBytes / MB };
}

/** A saved file: downloaded with the staff's token (drafts' files are not public). */
function useDownload() {
  const { message } = App.useApp();
  return (file: ManageFileValue) =>
    void downloadManageFile(file.id, file.name).catch(
      (error: unknown) => void message.error(messageOf(error)),
    );
}

/** The attachments of an article, in the order readers see them: upload, reorder, remove. */
export function ManageAttachmentList({
  value = [],
  onChange,
}: {
  value?: ManageFileValue[];
  onChange?: (files: ManageFileValue[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const uploader = useUploader('ATTACHMENT');
  const download = useDownload();
  const full = value.length >= PORTAL_LIMITS.attachmentsMax;
  // Several files picked at once finish one by one: each adds to the list as it stands then.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange?.(next);
  };

  return (
    <div className="manage-attachments" data-testid="article-attachments">
      {value.map((file, index) => (
        <div className="manage-attachment-row" key={file.id} data-testid="article-attachment">
          <PaperClipOutlined />
          <span className="manage-attachment-name" title={file.name}>
            {file.url ? (
              <Typography.Link onClick={() => download(file)}>{file.name}</Typography.Link>
            ) : (
              file.name
            )}
          </span>
          <span className="manage-attachment-size">{formatSize(file.size)}</span>
          {!file.url && <Typography.Text type="warning">{t('portalManage.files.unsaved')}</Typography.Text>}
          <Space size={0}>
            {file.url && (
              <Tooltip title={t('portalManage.files.download')}>
                <Button
                  type="text"
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={t('portalManage.files.download')}
                  onClick={() => download(file)}
                />
              </Tooltip>
            )}
            <Tooltip title={t('portalManage.files.moveUp')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('portalManage.files.moveUp')}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />
            </Tooltip>
            <Tooltip title={t('portalManage.files.moveDown')}>
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('portalManage.files.moveDown')}
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
              />
            </Tooltip>
            <Tooltip title={t('portalManage.files.remove')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('portalManage.files.remove')}
                onClick={() => onChange?.(value.filter((f) => f.id !== file.id))}
                data-testid="article-attachment-remove"
              />
            </Tooltip>
          </Space>
        </div>
      ))}
      <Space wrap>
        <Upload
          accept={ATTACHMENT_ACCEPT}
          multiple
          showUploadList={false}
          beforeUpload={(file) => {
            if (full) {
              void message.error(t('portalManage.files.tooMany', { max: PORTAL_LIMITS.attachmentsMax }));
              return Upload.LIST_IGNORE;
            }
            return uploader.check(file) ? true : Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            void uploader.send(file as File).then((done) => {
              if (!done) {
                onError?.(new Error('upload'));
                return;
              }
              onSuccess?.(done);
              latest.current = [...latest.current, done];
              onChange?.(latest.current);
            });
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={uploader.pending}
            disabled={full}
            data-testid="article-attachment-upload"
          >
            {t('portalManage.files.addAttachment')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">
          {t('portalManage.files.attachmentHint', {
            mb: uploader.maxMb,
            max: PORTAL_LIMITS.attachmentsMax,
          })}
        </Typography.Text>
      </Space>
    </div>
  );
}

/** The banner picture of an article: one image, shown before and after the save. */
export function ManageCoverField({
  value,
  onChange,
}: {
  value?: ManageFileValue | null;
  onChange?: (file: ManageFileValue | null) => void;
}) {
  const { t } = useTranslation();
  const uploader = useUploader('COVER');
  const saved = useManageFileObjectUrl(value && !value.localUrl ? value.url : null);
  const src = value?.localUrl ?? saved;

  return (
    <div className="manage-cover" data-testid="article-cover">
      {src ? (
        <img className="manage-cover-preview" src={src} alt={t('portalManage.article.cover')} />
      ) : (
        <div className="manage-cover-preview manage-cover-empty" aria-hidden>
          <PictureOutlined />
        </div>
      )}
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept={COVER_ACCEPT}
            showUploadList={false}
            beforeUpload={(file) => (uploader.check(file) ? true : Upload.LIST_IGNORE)}
            customRequest={({ file, onSuccess, onError }) => {
              void uploader.send(file as File).then((done) => {
                if (!done) {
                  onError?.(new Error('upload'));
                  return;
                }
                onSuccess?.(done);
                onChange?.({ ...done, localUrl: URL.createObjectURL(file as File) });
              });
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploader.pending} data-testid="article-cover-upload">
              {value ? t('portalManage.files.replaceCover') : t('portalManage.files.addCover')}
            </Button>
          </Upload>
          {value && (
            <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
              {t('portalManage.files.removeCover')}
            </Button>
          )}
        </Space>
        {value?.name && (
          <Typography.Text type="secondary">
            {value.name} · {formatSize(value.size)}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('portalManage.files.coverHint', { mb: uploader.maxMb })}
        </Typography.Text>
      </Space>
    </div>
  );
}

/** One decision document of a credit entry: upload, replace, remove, download when saved. */
export function ManageDocumentField({
  value,
  onChange,
}: {
  value?: ManageFileValue | null;
  onChange?: (file: ManageFileValue | null) => void;
}) {
  const { t } = useTranslation();
  const uploader = useUploader('ATTACHMENT');
  const download = useDownload();
  return (
    <Space orientation="vertical" size={4} className="manage-attachments">
      {value && (
        <div className="manage-attachment-row" data-testid="credit-document">
          <PaperClipOutlined />
          <span className="manage-attachment-name" title={value.name}>
            {value.url ? (
              <Typography.Link onClick={() => download(value)}>{value.name}</Typography.Link>
            ) : (
              value.name
            )}
          </span>
          <span className="manage-attachment-size">{formatSize(value.size)}</span>
          <Tooltip title={t('portalManage.files.remove')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('portalManage.files.remove')}
              onClick={() => onChange?.(null)}
            />
          </Tooltip>
        </div>
      )}
      <Upload
        accept={ATTACHMENT_ACCEPT}
        showUploadList={false}
        beforeUpload={(file) => (uploader.check(file) ? true : Upload.LIST_IGNORE)}
        customRequest={({ file, onSuccess, onError }) => {
          void uploader.send(file as File).then((done) => {
            if (!done) {
              onError?.(new Error('upload'));
              return;
            }
            onSuccess?.(done);
            onChange?.(done);
          });
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploader.pending} data-testid="credit-document-upload">
          {value ? t('portalManage.files.replaceDocument') : t('portalManage.files.addDocument')}
        </Button>
      </Upload>
    </Space>
  );
}
