import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Select, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  LIMITS,
  PROJECT_DOC_LIMITS,
  PROJECT_DOC_TYPES,
  PROJECT_DOC_TYPE_KEYS,
  type ProjectDoc,
  type ProjectDocType,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useAddProjectDoc } from '../api/add-project-doc';
import { useEditProjectDocRemark } from '../api/edit-project-doc-remark';
import { useProjectDocPage } from '../api/get-project-doc-page';
import { openProjectDoc } from '../api/open-project-doc';
import { useRemoveProjectDoc } from '../api/remove-project-doc';
import './project-docs.css';

/** What the server accepts, judged there by the bytes; the picker offers the same names. */
const ACCEPT = '.pdf,.ofd,.jpg,.jpeg,.png';
const ACCEPTED_NAME = /\.(pdf|ofd|jpe?g|png)$/i;
const MAX_MB = LIMITS.projectDocMaxBytes / 1024 / 1024;
const PAGE_SIZES = [5, 10, 20];

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The kind and remark of the next upload, then the file itself. */
function UploadBar({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [kind, setKind] = useState<ProjectDocType>();
  const [remark, setRemark] = useState('');
  const add = useAddProjectDoc(projectId);

  return (
    <Space orientation="vertical" size={4} className="project-docs-upload">
      <Space wrap>
        <Select<ProjectDocType>
          placeholder={t('projectDocs.chooseKind')}
          value={kind}
          onChange={setKind}
          options={PROJECT_DOC_TYPE_KEYS.map((k) => ({ value: k, label: PROJECT_DOC_TYPES[k][locale] }))}
          style={{ width: 260 }}
          data-testid="doc-kind"
        />
        <Input
          placeholder={t('projectDocs.remarkPlaceholder')}
          value={remark}
          maxLength={PROJECT_DOC_LIMITS.remarkMax}
          onChange={(e) => setRemark(e.target.value)}
          style={{ width: 260 }}
          data-testid="doc-remark-input"
        />
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            // The same rules as the server, said before a byte is sent.
            if (!kind) {
              void message.error(t('projectDocs.kindFirst'));
              return Upload.LIST_IGNORE;
            }
            if (!ACCEPTED_NAME.test(file.name)) {
              void message.error(t('projectDocs.wrongType'));
              return Upload.LIST_IGNORE;
            }
            if (file.size > LIMITS.projectDocMaxBytes) {
              void message.error(t('projectDocs.tooLarge', { mb: MAX_MB }));
              return Upload.LIST_IGNORE;
            }
            if (file.size === 0) {
              void message.error(t('projectDocs.empty'));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            if (!kind) return;
            add
              .mutateAsync({ fields: { modelType: kind, remark: remark.trim() || null }, file: file as File })
              .then((doc) => {
                onSuccess?.(doc);
                void message.success(t('projectDocs.uploaded', { name: doc.fileName }));
                setRemark('');
              })
              .catch((error: unknown) => {
                onError?.(error instanceof Error ? error : new Error(String(error)));
                void message.error(messageOf(error));
              });
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={add.isPending} data-testid="doc-upload">
            {t('projectDocs.upload')}
          </Button>
        </Upload>
      </Space>
      <Typography.Text type="secondary">{t('projectDocs.limits', { mb: MAX_MB })}</Typography.Text>
    </Space>
  );
}

/**
 * The attachments of one application (permits, contracts) by kind, with a download for each.
 * `editable`: the construction unit's draft, which takes uploads, remarks and deletions; the
 * server refuses them otherwise, so elsewhere the controls are not shown.
 */
export function ProjectDocsCard({
  projectId,
  editable,
  note,
}: {
  projectId: string;
  editable: boolean;
  /** A line under the title, e.g. where to change them. */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const [kind, setKind] = useState<ProjectDocType>();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LIMITS.defaultPageSize);
  const docs = useProjectDocPage({ projectId, modelType: kind, page, pageSize });
  const remove = useRemoveProjectDoc(projectId);
  const remark = useEditProjectDocRemark(projectId);

  const download = (doc: ProjectDoc) =>
    void openProjectDoc(doc).catch((error: unknown) => void message.error(messageOf(error)));

  const confirmDelete = (doc: ProjectDoc) =>
    modal.confirm({
      title: t('projectDocs.delete'),
      content: t('projectDocs.confirmDelete', { name: doc.fileName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(doc.id);
          void message.success(t('projectDocs.deleted'));
          // The last row of a later page leaves an empty page behind: step back.
          if (page > 0 && docs.data?.items.length === 1) setPage(page - 1);
        } catch (error) {
          void message.error(messageOf(error));
        }
      },
    });

  const saveRemark = (doc: ProjectDoc, value: string) => {
    const next = value.trim() || null;
    if (next === doc.remark) return;
    if (next && next.length > PROJECT_DOC_LIMITS.remarkMax) {
      void message.error(t('projectDocs.remarkTooLong', { max: PROJECT_DOC_LIMITS.remarkMax }));
      return;
    }
    remark
      .mutateAsync({ id: doc.id, remark: next })
      .then(() => void message.success(t('projectDocs.remarkSaved')))
      .catch((error: unknown) => void message.error(messageOf(error)));
  };

  return (
    <Card title={t('projectDocs.title')} data-testid="project-docs">
      <Space orientation="vertical" size="middle" className="full-width">
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
        {editable && <UploadBar projectId={projectId} />}
        <PagedTable<ProjectDoc>
          rowKey="id"
          size="middle"
          data-testid="project-doc-table"
          filters={
            <Select<ProjectDocType>
              allowClear
              placeholder={t('projectDocs.allKinds')}
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage(0);
              }}
              options={PROJECT_DOC_TYPE_KEYS.map((k) => ({ value: k, label: PROJECT_DOC_TYPES[k][locale] }))}
              style={{ width: 260 }}
              data-testid="doc-kind-filter"
            />
          }
          data={docs.data}
          error={docs.error}
          loading={docs.isFetching}
          page={page}
          pageSize={pageSize}
          pageSizes={PAGE_SIZES}
          onPageChange={(p, size) => {
            setPage(p);
            setPageSize(size);
          }}
          totalText={(total) => t('projectDocs.total', { count: total })}
          locale={{ emptyText: t('projectDocs.none') }}
          columns={[
            {
              title: t('projectDocs.kind'),
              dataIndex: 'modelType',
              render: (v: ProjectDocType) => PROJECT_DOC_TYPES[v][locale],
            },
            {
              title: t('projectDocs.fileName'),
              dataIndex: 'fileName',
              render: (v: string, doc) => (
                <Button
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  className="project-doc-name"
                  onClick={() => download(doc)}
                  title={t('projectDocs.download')}
                  data-testid="doc-download"
                >
                  {v}
                </Button>
              ),
            },
            {
              title: t('projectDocs.size'),
              dataIndex: 'size',
              render: (v: number) => <span className="nowrap">{formatSize(v)}</span>,
            },
            { title: t('projectDocs.uploader'), dataIndex: 'uploadedByOrgName' },
            {
              title: t('projectDocs.uploadedAt'),
              dataIndex: 'createdAt',
              render: (v: string) => <span className="nowrap">{dayjs(v).format('YYYY-MM-DD HH:mm')}</span>,
            },
            {
              title: t('projectDocs.remark'),
              dataIndex: 'remark',
              render: (v: string | null, doc) =>
                editable ? (
                  <Typography.Text
                    data-testid="doc-remark"
                    editable={{
                      text: v ?? '',
                      maxLength: PROJECT_DOC_LIMITS.remarkMax,
                      tooltip: t('projectDocs.editRemark'),
                      onChange: (value) => saveRemark(doc, value),
                    }}
                  >
                    {v ?? ''}
                  </Typography.Text>
                ) : (
                  <span data-testid="doc-remark">{v ?? '—'}</span>
                ),
            },
            ...(editable
              ? [
                  {
                    title: t('projectDocs.actions'),
                    key: 'actions',
                    render: (_: unknown, doc: ProjectDoc) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={remove.isPending}
                        onClick={() => confirmDelete(doc)}
                        data-testid="doc-delete"
                      >
                        {t('projectDocs.delete')}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Card>
  );
}
