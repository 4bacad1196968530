import { useState } from 'react';
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { DocFile } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useDocFiles } from '../api/get-doc-files';
import { isViewable, openDocFile } from '../api/issue-view-url';
import { useMoveDocEntry } from '../api/move-doc-entry';
import { useRemoveDocEntries } from '../api/remove-doc-entries';
import { useRemoveDocEntry } from '../api/remove-doc-entry';
import { formatSize } from './format-size';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The files of one folder: who uploaded them and when, to open, save, or delete where allowed,
 * one at a time or the chosen ones at once. Only files the caller may delete can be chosen, so
 * 删除所选 only ever names deletable files (the server deletes them all or none).
 */
export function DocFileTable({
  target,
  versionId,
  folderId,
  sheetLink,
}: {
  target: ProjectTarget;
  versionId: string;
  folderId: string | undefined;
  /** Where the drawing viewer shows a file it opens (a PDF); such a name is a link there. */
  sheetLink?: (file: DocFile) => string | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const files = useDocFiles(target, versionId, folderId);
  const remove = useRemoveDocEntry(target);
  const removeAll = useRemoveDocEntries(target);
  const moveFile = useMoveDocEntry(target);
  const [chosen, setChosen] = useState<string[]>([]);

  const rows = folderId ? (files.data ?? []) : [];
  // What is still listed and deletable of the choice: a refresh or another folder drops the rest.
  const selected = rows.filter((f) => f.deletable && chosen.includes(f.id));
  const selectable = rows.some((f) => f.deletable);

  const open = (file: DocFile, download: boolean) =>
    openDocFile(target, file, download).catch((error: unknown) => message.error(messageOf(error)));

  /** Moves a file past its neighbour: a drawing set is read in order, the general notes first. */
  const moveBy = (file: DocFile, step: -1 | 1) => {
    const neighbour = rows[rows.indexOf(file) + step];
    if (!neighbour) return;
    moveFile
      .mutateAsync({ id: file.id, targetId: neighbour.id, flag: step < 0 ? 'up' : 'down' })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });
  };

  const removeSelected = () =>
    removeAll
      .mutateAsync(selected.map((f) => f.id))
      .then(() => {
        setChosen([]);
        void message.success(t('docRepository.filesDeleted', { count: selected.length }));
      })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });

  return (
    <Table<DocFile>
      rowKey="id"
      size="middle"
      loading={files.isFetching && !files.data}
      dataSource={rows}
      pagination={false}
      rowSelection={
        selectable
          ? {
              selectedRowKeys: selected.map((f) => f.id),
              onChange: (keys) => setChosen(keys.map(String)),
              getCheckboxProps: (file) => ({
                disabled: !file.deletable,
                'data-testid': 'file-select',
              }),
            }
          : undefined
      }
      title={
        selected.length > 0
          ? () => (
              <Space size={12} data-testid="file-selection-bar">
                <Typography.Text>
                  {t('docRepository.selectedFiles', { count: selected.length })}
                </Typography.Text>
                <Popconfirm
                  title={t('docRepository.deleteSelectedConfirm', { count: selected.length })}
                  description={t('docRepository.deleteSelectedText')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true, 'data-testid': 'files-delete-ok' }}
                  onConfirm={removeSelected}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    loading={removeAll.isPending}
                    data-testid="files-delete"
                  >
                    {t('docRepository.deleteSelected')}
                  </Button>
                </Popconfirm>
              </Space>
            )
          : undefined
      }
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
          render: (name: string, file) => {
            // A sheet opens in the viewer, by a real link (a ctrl or middle click opens a tab).
            const sheet = sheetLink?.(file);
            if (sheet)
              return (
                <Link to={sheet} className="doc-file-name doc-file-sheet" data-testid="file-open">
                  <EyeOutlined />
                  <span>{name}</span>
                </Link>
              );
            // Images (and PDFs where no viewer is) open in a new tab, other files are saved.
            return (
              <Button
                type="link"
                className="doc-file-name"
                icon={isViewable(file) ? <EyeOutlined /> : <DownloadOutlined />}
                onClick={() => void open(file, false)}
                data-testid="file-open"
              >
                {name}
              </Button>
            );
          },
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
          width: 210,
          render: (_, file, index) => (
            <Space size={0}>
              {file.deletable && (
                <>
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0 || moveFile.isPending}
                    onClick={() => moveBy(file, -1)}
                    aria-label={t('docRepository.moveUp')}
                    title={t('docRepository.moveUp')}
                    data-testid="file-up"
                  />
                  <Button
                    type="text"
                    size="small"
                    icon={<ArrowDownOutlined />}
                    disabled={index === rows.length - 1 || moveFile.isPending}
                    onClick={() => moveBy(file, 1)}
                    aria-label={t('docRepository.moveDown')}
                    title={t('docRepository.moveDown')}
                    data-testid="file-down"
                  />
                </>
              )}
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
                      .catch((error: unknown) => message.error(messageOf(error)))
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
