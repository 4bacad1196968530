import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Select, Space, Spin, Tag, Typography, Upload } from 'antd';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  DOC_CATEGORIES,
  DOC_VERSION_STATUSES,
  docVersionName,
  type DocCategory,
  type DocFolderNode,
  type DocVersion,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import {
  useAddDocFolder,
  useCommitDoc,
  useDeleteDocEntry,
  useRenameDocFolder,
} from '../api/doc-repository-mutations';
import {
  useDocFeedback,
  useDocTree,
  useDocVersionState,
  useDocVersions,
} from '../api/doc-repository-queries';
import type { DocRepositoryTarget } from '../api/doc-repository-scope';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { DocFeedbackList } from './doc-feedback-list';
import { DocFileTable } from './doc-file-table';
import { DocFolderTree, indexFolders } from './doc-folder-tree';
import { FolderNameModal } from './folder-name-modal';
import { UploadQueue } from './upload-queue';
import './doc-repository.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const STATUS_COLOR = { UPLOADING: 'blue', SUBMITTED: 'orange', REVIEW: 'green' } as const;

type FolderDialog = { mode: 'add'; parent: DocFolderNode } | { mode: 'rename'; folder: DocFolderNode } | null;

/**
 * One category of the document repository for the acting unit (施工图 for design units, 勘察文件
 * for survey units): the version, the folder tree, the chosen folder's files, the upload queue and
 * the hand-over. What may be changed is the server's word (`editable`, `deletable`, `can.commit`).
 */
export function DocRepositoryScreen({
  target,
  category,
}: {
  target: DocRepositoryTarget;
  category: DocCategory;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const versions = useDocVersions(target);
  const [chosen, setChosen] = useState<string>();

  if (versions.isPending) return <Spin className="doc-repository-spin" />;
  if (versions.isError) return <Alert type="error" showIcon title={versions.error.message} />;
  const list = versions.data;
  const version = list.find((v) => v.id === chosen) ?? list.find((v) => v.latest) ?? list[0];
  if (!version)
    return (
      <Card title={DOC_CATEGORIES[category][locale]}>
        <Empty description={t('docRepository.noVersion')} data-testid="doc-no-version" />
      </Card>
    );
  return (
    <VersionView
      key={`${version.id}-${category}`}
      target={target}
      category={category}
      versions={list}
      version={version}
      onVersion={setChosen}
    />
  );
}

function VersionView({
  target,
  category,
  versions,
  version,
  onVersion,
}: {
  target: DocRepositoryTarget;
  category: DocCategory;
  versions: DocVersion[];
  version: DocVersion;
  onVersion: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const tree = useDocTree(target, version.id, category);
  const state = useDocVersionState(target, version.id);
  const feedback = useDocFeedback(target, version.id);
  const queue = useUploadQueue(target);
  const addFolder = useAddDocFolder(target);
  const renameFolder = useRenameDocFolder(target);
  const deleteEntry = useDeleteDocEntry(target);
  const commit = useCommitDoc(target);
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<FolderDialog>(null);

  const folders = useMemo(() => indexFolders(tree.data ?? []), [tree.data]);
  // The first folder is chosen until the user picks one, so the file list is never blank for nothing.
  const selected = (selectedId && folders.get(selectedId)) || tree.data?.[0];
  const own = state.data?.units.find((u) => u.orgId === target.orgId && u.category === category);
  const canCommit = state.data?.can.commit.includes(category) ?? false;
  const categoryFeedback = (feedback.data ?? []).filter((f) => f.category === category);

  const confirmCommit = () =>
    modal.confirm({
      title: t('docRepository.commitConfirmTitle', { category: DOC_CATEGORIES[category][locale] }),
      content: t('docRepository.commitConfirmText'),
      okText: t('docRepository.commit'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'commit-ok' },
      onOk: () =>
        commit
          .mutateAsync({ versionId: version.id, category })
          .then(() => message.success(t('docRepository.committed')))
          .catch((error: unknown) => {
            void message.error(messageOf(error));
          }),
    });

  const confirmDelete = (folder: DocFolderNode) =>
    modal.confirm({
      title: t('docRepository.deleteFolderConfirm', { name: folder.name }),
      content: t('docRepository.deleteFolderText'),
      okText: t('docRepository.delete'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: () =>
        deleteEntry
          .mutateAsync(folder.id)
          .then(() => {
            setSelectedId(folder.parentId ?? undefined);
            void message.success(t('docRepository.folderDeleted'));
          })
          .catch((error: unknown) => {
            void message.error(messageOf(error));
          }),
    });

  const saveDialog = (name: string) => {
    if (!dialog) return;
    const done =
      dialog.mode === 'add'
        ? addFolder
            .mutateAsync({ versionId: version.id, parentId: dialog.parent.id, name })
            .then((saved) => setSelectedId(saved.id))
        : renameFolder.mutateAsync({ id: dialog.folder.id, name });
    done
      .then(() => {
        setDialog(null);
        void message.success(
          t(dialog.mode === 'add' ? 'docRepository.folderAdded' : 'docRepository.folderRenamed'),
        );
      })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });
  };

  const readOnlyReason =
    version.businessStatus !== 'UPLOADING'
      ? t('docRepository.readOnlySent')
      : !version.latest
        ? t('docRepository.readOnlyOld')
        : null;

  return (
    <Card
      data-testid="doc-repository"
      data-category={category}
      title={
        <Space size={12} wrap>
          <span>{DOC_CATEGORIES[category][locale]}</span>
          <Select
            value={version.id}
            onChange={onVersion}
            options={versions.map((v) => ({
              value: v.id,
              label: `${docVersionName(v.number, locale)}${v.latest ? t('docRepository.current') : ''}`,
            }))}
            style={{ minWidth: 160 }}
            data-testid="doc-version-select"
          />
          <Tag color={STATUS_COLOR[version.businessStatus]} data-testid="doc-version-status">
            {DOC_VERSION_STATUSES[version.businessStatus][locale]}
          </Tag>
        </Space>
      }
      extra={
        canCommit && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={commit.isPending}
            onClick={confirmCommit}
            data-testid="commit-doc"
          >
            {t('docRepository.commit')}
          </Button>
        )
      }
    >
      <div className="doc-repository-alerts">
        {own?.committed && (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleOutlined />}
            data-testid="doc-committed"
            title={t('docRepository.committedNotice', {
              category: DOC_CATEGORIES[category][locale],
              time: own.committedAt ? dayjs(own.committedAt).format('YYYY-MM-DD HH:mm') : '',
            })}
          />
        )}
        {readOnlyReason && <Alert type="info" showIcon title={readOnlyReason} data-testid="doc-read-only" />}
        {state.isError && <Alert type="error" showIcon title={state.error.message} />}
        <DocFeedbackList items={categoryFeedback} />
      </div>
      <div className="doc-repository-body">
        <Card size="small" className="doc-repository-tree" title={t('docRepository.folders')}>
          {/* The actions on the chosen folder: above the tree, as the card's head is too narrow. */}
          {selected && (
            <Space size={0} wrap className="doc-folder-actions">
              {selected.editable && (
                <Button
                  type="link"
                  size="small"
                  icon={<FolderAddOutlined />}
                  onClick={() => setDialog({ mode: 'add', parent: selected })}
                  data-testid="folder-add"
                >
                  {t('docRepository.addFolder')}
                </Button>
              )}
              {selected.editable && selected.kind === 'CUSTOM' && (
                <>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setDialog({ mode: 'rename', folder: selected })}
                    data-testid="folder-rename"
                  >
                    {t('docRepository.rename')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => confirmDelete(selected)}
                    data-testid="folder-delete"
                  >
                    {t('docRepository.delete')}
                  </Button>
                </>
              )}
            </Space>
          )}
          {tree.isPending ? (
            <Spin />
          ) : tree.isError ? (
            <Alert type="error" showIcon title={tree.error.message} />
          ) : tree.data.length === 0 ? (
            <Empty description={t('docRepository.noFolders')} data-testid="doc-no-folders" />
          ) : (
            <DocFolderTree nodes={tree.data} selected={selected?.id} onSelect={setSelectedId} />
          )}
        </Card>
        <Card
          size="small"
          className="doc-repository-files"
          title={
            <Space size={8}>
              <span>{t('docRepository.files')}</span>
              {selected && (
                <Typography.Text type="secondary" data-testid="doc-selected-folder">
                  {selected.name}
                </Typography.Text>
              )}
            </Space>
          }
          extra={
            selected?.editable && (
              <Upload
                multiple
                showUploadList={false}
                beforeUpload={(file) => {
                  queue.add([file], {
                    versionId: version.id,
                    folderId: selected.id,
                    folderName: selected.name,
                  });
                  // The queue sends it: antd's own upload and list stay out of the way.
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button type="primary" size="small" icon={<UploadOutlined />} data-testid="doc-upload">
                  {t('docRepository.upload')}
                </Button>
              </Upload>
            )
          }
        >
          <UploadQueue
            items={queue.items}
            onCancel={queue.cancel}
            onRetry={queue.retry}
            onClear={queue.clearFinished}
          />
          <DocFileTable target={target} versionId={version.id} folderId={selected?.id} />
        </Card>
      </div>
      <FolderNameModal
        open={dialog !== null}
        title={
          dialog?.mode === 'rename'
            ? t('docRepository.renameFolderTitle')
            : t('docRepository.addFolderTitle', { parent: dialog?.parent.name ?? '' })
        }
        initialName={dialog?.mode === 'rename' ? dialog.folder.name : ''}
        saving={addFolder.isPending || renameFolder.isPending}
        onOk={saveDialog}
        onCancel={() => setDialog(null)}
      />
    </Card>
  );
}
