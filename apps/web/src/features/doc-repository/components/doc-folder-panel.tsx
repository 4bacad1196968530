import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Space, Spin } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderAddOutlined,
} from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocFolderNode } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAddDocFolder } from '../api/add-doc-folder';
import { useMoveDocEntry } from '../api/move-doc-entry';
import { useRemoveDocEntry } from '../api/remove-doc-entry';
import { useRenameDocFolder } from '../api/rename-doc-folder';
import { messageOf, type DocScreenMode } from './doc-repository-screen-props';
import { DocFolderTree } from './doc-folder-tree';
import { FolderNameModal } from './folder-name-modal';

type FolderDialog = { mode: 'add'; parent: DocFolderNode } | { mode: 'rename'; folder: DocFolderNode } | null;

/**
 * The version's folder tree with the actions on the chosen folder: a unit adds folders under the
 * ones it may change, and moves, renames and deletes its own (the server's `editable`).
 */
export function DocFolderPanel({
  target,
  versionId,
  mode,
  tree,
  folders,
  selected,
  onSelect,
}: {
  target: ProjectTarget;
  versionId: string;
  mode: DocScreenMode;
  tree: UseQueryResult<DocFolderNode[]>;
  /** Every folder of the tree by id. */
  folders: Map<string, DocFolderNode>;
  selected: DocFolderNode | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const addFolder = useAddDocFolder(target);
  const renameFolder = useRenameDocFolder(target);
  const removeEntry = useRemoveDocEntry(target);
  const move = useMoveDocEntry(target);
  const [dialog, setDialog] = useState<FolderDialog>(null);

  /** The unit's own folder next to this one under the same parent, which it may be moved past. */
  const siblingOf = (folder: DocFolderNode, step: -1 | 1) => {
    const parent = folder.parentId ? folders.get(folder.parentId) : undefined;
    const siblings = (parent ? parent.children : (tree.data ?? [])).filter(
      (f) => f.kind === 'CUSTOM' && f.editable,
    );
    return siblings[siblings.findIndex((f) => f.id === folder.id) + step];
  };
  const moveFolder = (folder: DocFolderNode, step: -1 | 1) => {
    const neighbour = siblingOf(folder, step);
    if (!neighbour) return;
    move
      .mutateAsync({ id: folder.id, targetId: neighbour.id, flag: step < 0 ? 'up' : 'down' })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });
  };

  const confirmDelete = (folder: DocFolderNode) =>
    modal.confirm({
      title: t('docRepository.deleteFolderConfirm', { name: folder.name }),
      content: t('docRepository.deleteFolderText'),
      okText: t('docRepository.delete'),
      okButtonProps: { danger: true, 'data-testid': 'folder-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: () =>
        removeEntry
          .mutateAsync(folder.id)
          .then(() => {
            onSelect(folder.parentId ?? undefined);
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
            .mutateAsync({ versionId, parentId: dialog.parent.id, name })
            .then((saved) => onSelect(saved.id))
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

  return (
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
                icon={<ArrowUpOutlined />}
                disabled={!siblingOf(selected, -1) || move.isPending}
                onClick={() => moveFolder(selected, -1)}
                data-testid="folder-up"
              >
                {t('docRepository.moveUp')}
              </Button>
              <Button
                type="link"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={!siblingOf(selected, 1) || move.isPending}
                onClick={() => moveFolder(selected, 1)}
                data-testid="folder-down"
              >
                {t('docRepository.moveDown')}
              </Button>
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
        <DocFolderTree
          nodes={tree.data}
          selected={selected?.id}
          onSelect={onSelect}
          showLocks={mode === 'upload'}
        />
      )}
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
