import { App, Button, Popconfirm, Space, Table } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DocFile } from '@drp/domain';
import { useDeleteDocEntry } from '../api/doc-repository-mutations';
import { useDocFiles } from '../api/doc-repository-queries';
import type { DocRepositoryTarget } from '../api/doc-repository-scope';
import { isViewable, openDocFile } from '../api/view-doc-file';
import { formatSize } from './format-size';

/** The files of one folder: who uploaded them and when, to open, save, or delete where allowed. */
export function DocFileTable({
  target,
  versionId,
  folderId,
}: {
  target: DocRepositoryTarget;
  versionId: string;
  folderId: string | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const files = useDocFiles(target, versionId, folderId);
  const remove = useDeleteDocEntry(target);

  const open = (file: DocFile, download: boolean) =>
    openDocFile(target, file, download).catch((error: unknown) =>
      message.error(error instanceof Error ? error.message : String(error)),
    );

  return (
    <Table<DocFile>
      rowKey="id"
      size="middle"
      loading={files.isFetching && !files.data}
      dataSource={folderId ? (files.data ?? []) : []}
      pagination={false}
      locale={{
        emptyText: files.isError
          ? files.error.message
          : folderId
            ? t('docRepository.noFiles')
            : t('docRepository.chooseFolder'),
      }}
      data-testid="doc-file-table"
      columns={[
        {
          title: t('docRepository.fileName'),
          dataIndex: 'name',
          render: (name: string, file) => (
            // PDFs and images open in a new tab, other files are saved (a click on the name does either).
            <Button
              type="link"
              className="doc-file-name"
              icon={isViewable(file) ? <EyeOutlined /> : <DownloadOutlined />}
              onClick={() => void open(file, false)}
              data-testid="file-open"
            >
              {name}
            </Button>
          ),
        },
        { title: t('docRepository.fileSize'), dataIndex: 'size', width: 90, render: formatSize },
        {
          title: t('docRepository.uploaderUnit'),
          dataIndex: 'orgName',
          width: 150,
          ellipsis: { showTitle: true },
        },
        {
          title: t('docRepository.uploadedAt'),
          dataIndex: 'createdAt',
          width: 140,
          render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: t('docRepository.actions'),
          key: 'actions',
          width: 150,
          render: (_, file) => (
            <Space size={0}>
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void open(file, true)}
                data-testid="file-download"
              >
                {t('docRepository.download')}
              </Button>
              {file.deletable && (
                <Popconfirm
                  title={t('docRepository.deleteFileConfirm', { name: file.name })}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() =>
                    remove
                      .mutateAsync(file.id)
                      .then(() => message.success(t('docRepository.fileDeleted')))
                      .catch((error: unknown) =>
                        message.error(error instanceof Error ? error.message : String(error)),
                      )
                  }
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="file-delete">
                    {t('docRepository.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
