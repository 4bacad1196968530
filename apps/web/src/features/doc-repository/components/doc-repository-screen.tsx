import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Dropdown,
  Empty,
  Segmented,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  BellOutlined,
  CheckCircleOutlined,
  CheckOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderAddOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  DOC_CATEGORIES,
  DOC_VERSION_STATUSES,
  docVersionName,
  type DocCategory,
  type DocFolderNode,
  type DocVersion,
  type DocVersionState,
  type FeedbackItem,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import {
  useAddDocFolder,
  useCommitDoc,
  useDeleteDocEntry,
  useMoveDocEntry,
  useRenameDocFolder,
} from '../api/doc-repository-mutations';
import { downloadDocVersionZip, useConfirmApplyDoc, useSupplyDoc } from '../api/doc-handover-mutations';
import {
  useDocFeedback,
  useDocTree,
  useDocVersionState,
  useDocVersions,
  type DocVersionListStatus,
} from '../api/doc-repository-queries';
import type { DocRepositoryTarget } from '../api/doc-repository-scope';
import { useUploadQueue } from '../hooks/use-upload-queue';
import { DocFeedbackList } from './doc-feedback-list';
import { DocFileTable } from './doc-file-table';
import { DocFolderTree, indexFolders } from './doc-folder-tree';
import { DocSupplyModal, type SupplyMode } from './doc-supply-modal';
import { DocUnitsPanel } from './doc-units-panel';
import { FolderNameModal } from './folder-name-modal';
import { UploadButtons } from './upload-buttons';
import { UploadQueue } from './upload-queue';
import './doc-repository.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const STATUS_COLOR = { UPLOADING: 'blue', SUBMITTED: 'orange', REVIEW: 'green' } as const;

type FolderDialog = { mode: 'add'; parent: DocFolderNode } | { mode: 'rename'; folder: DocFolderNode } | null;

/**
 * What the screen is for, by area (issue 6, "Screens"):
 * - upload: a design or survey unit fills and commits its folders (submit);
 * - send: the construction unit checks what the units committed and sends it to review (apply);
 * - receive: the agency's director or administrator accepts the sent version, returns it with
 *   reasons, or reminds the units of what is missing (audit receive pages);
 * - read: the agency's reviewers, supervisors and joint reviewers read and download.
 */
export type DocScreenMode = 'upload' | 'send' | 'receive' | 'read';

export interface DocRepositoryScreenProps {
  target: DocRepositoryTarget;
  category: DocCategory;
  mode: DocScreenMode;
  /** Which versions are listed: the audit's review lists show only accepted ones. */
  versionsListed?: DocVersionListStatus;
  /** Where the other category of the same kind of screen is, for the switch in the title. */
  categoryLinks?: Record<DocCategory, string>;
  /** Names the zip of a version. */
  projectName: string;
}

/**
 * One category of an application's document repository (施工图 or 勘察文件): the version, the
 * folder tree, the chosen folder's files, and what the viewer's part in the hand-over lets it do.
 * What may be changed or decided is the server's word (`editable`, `deletable`, `can`).
 */
export function DocRepositoryScreen(props: DocRepositoryScreenProps) {
  const { target, category, versionsListed = 'UPLOADING' } = props;
  const { t } = useTranslation();
  const versions = useDocVersions(target, versionsListed);
  const [chosen, setChosen] = useState<string>();

  if (versions.isPending) return <Spin className="doc-repository-spin" />;
  if (versions.isError) return <Alert type="error" showIcon title={versions.error.message} />;
  const list = versions.data;
  const version = list.find((v) => v.id === chosen) ?? list.find((v) => v.latest) ?? list[0];
  if (!version)
    return (
      <Card title={<ScreenTitle {...props} />}>
        <Empty
          description={t(
            versionsListed === 'REVIEW' ? 'docReview.noAcceptedVersion' : 'docRepository.noVersion',
          )}
          data-testid="doc-no-version"
        />
      </Card>
    );
  return (
    <VersionView
      key={`${version.id}-${category}`}
      {...props}
      versions={list}
      version={version}
      onVersion={setChosen}
    />
  );
}

/** The category's name, or a switch to the other category where the area shows both. */
function ScreenTitle({
  category,
  categoryLinks,
}: Pick<DocRepositoryScreenProps, 'category' | 'categoryLinks'>) {
  const locale = currentLocale();
  const navigate = useNavigate();
  if (!categoryLinks) return <span>{DOC_CATEGORIES[category][locale]}</span>;
  return (
    <Segmented<DocCategory>
      value={category}
      options={(['DESIGN', 'SURVEY'] as const).map((c) => ({ value: c, label: DOC_CATEGORIES[c][locale] }))}
      onChange={(c) => void navigate(categoryLinks[c])}
      data-testid="doc-category-switch"
    />
  );
}

function VersionView({
  target,
  category,
  mode,
  categoryLinks,
  projectName,
  versions,
  version,
  onVersion,
}: DocRepositoryScreenProps & {
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
  const move = useMoveDocEntry(target);
  const commit = useCommitDoc(target);
  const confirm = useConfirmApplyDoc(target);
  const supply = useSupplyDoc(target);
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<FolderDialog>(null);
  const [supplyMode, setSupplyMode] = useState<SupplyMode | null>(null);
  const [zipping, setZipping] = useState(false);

  const folders = useMemo(() => indexFolders(tree.data ?? []), [tree.data]);
  // Until the user picks one: where files are for those who read, the first folder for those who
  // upload (who start at the top), so the file list is never blank for nothing.
  const selected =
    (selectedId && folders.get(selectedId)) ||
    (mode !== 'upload' ? [...folders.values()].find((f) => f.fileCount > 0) : undefined) ||
    tree.data?.[0];
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

  const confirmSend = () =>
    modal.confirm({
      title: t('docReview.sendConfirmTitle'),
      content: t('docReview.sendConfirmText'),
      okText: t('docReview.send'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'send-ok' },
      onOk: () =>
        confirm
          .mutateAsync(version.id)
          .then(() => message.success(t('docReview.sent')))
          .catch((error: unknown) => {
            void message.error(messageOf(error));
          }),
    });

  const confirmAccept = () =>
    modal.confirm({
      title: t('docReview.acceptConfirmTitle', { version: version.name }),
      content: t('docReview.acceptConfirmText'),
      okText: t('docReview.accept'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'accept-ok' },
      onOk: () =>
        confirm
          .mutateAsync(version.id)
          .then(() => message.success(t('docReview.accepted')))
          .catch((error: unknown) => {
            void message.error(messageOf(error));
          }),
    });

  const sendSupply = (items: FeedbackItem[]) => {
    if (!supplyMode) return;
    supply
      .mutateAsync({ versionId: version.id, mode: supplyMode, items })
      .then(() => {
        setSupplyMode(null);
        void message.success(t(supplyMode === 'RETURN' ? 'docReview.returned' : 'docReview.reminded'));
      })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });
  };

  const downloadZip = (orgIds: string[]) => {
    setZipping(true);
    downloadDocVersionZip(target, version.id, `${projectName}-${version.name}.zip`, orgIds)
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      })
      .finally(() => setZipping(false));
  };

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
    mode !== 'upload'
      ? null
      : version.businessStatus !== 'UPLOADING'
        ? t('docRepository.readOnlySent')
        : !version.latest
          ? t('docRepository.readOnlyOld')
          : null;
  const handOver = state.data && (mode === 'send' || mode === 'receive') ? state.data : null;
  const units = state.data?.units ?? [];
  const unitOrgs = [...new Map(units.map((u) => [u.orgId, u.orgName])).entries()];

  const actions = (
    <Space wrap>
      {mode === 'upload' && canCommit && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={commit.isPending}
          onClick={confirmCommit}
          data-testid="commit-doc"
        >
          {t('docRepository.commit')}
        </Button>
      )}
      {mode === 'send' && state.data?.can.send && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={confirm.isPending}
          onClick={confirmSend}
          data-testid="send-doc"
        >
          {t('docReview.send')}
        </Button>
      )}
      {mode === 'receive' && state.data?.can.accept && (
        <>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={confirm.isPending}
            onClick={confirmAccept}
            data-testid="accept-doc"
          >
            {t('docReview.accept')}
          </Button>
          <Button
            danger
            icon={<RollbackOutlined />}
            onClick={() => setSupplyMode('RETURN')}
            data-testid="return-doc"
          >
            {t('docReview.return')}
          </Button>
        </>
      )}
      {mode === 'receive' && state.data?.can.supply && (
        <Button icon={<BellOutlined />} onClick={() => setSupplyMode('REMIND')} data-testid="remind-doc">
          {t('docReview.remind')}
        </Button>
      )}
      {mode !== 'upload' && (
        <Dropdown.Button
          loading={zipping}
          icon={<DownloadOutlined />}
          onClick={() => downloadZip([])}
          menu={{
            items: unitOrgs.map(([orgId, orgName]) => ({
              key: orgId,
              label: t('docReview.zipOf', { name: orgName }),
            })),
            onClick: ({ key }) => downloadZip([key]),
          }}
          data-testid="doc-zip"
        >
          {t('docReview.zip')}
        </Dropdown.Button>
      )}
    </Space>
  );

  return (
    <Card
      data-testid="doc-repository"
      data-category={category}
      title={
        <Space size={12} wrap>
          <ScreenTitle category={category} categoryLinks={categoryLinks} />
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
      extra={actions}
    >
      <div className="doc-repository-alerts">
        {mode !== 'upload' && state.data && <HandOverNotice mode={mode} state={state.data} />}
        {mode === 'upload' && own?.committed && (
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
        <DocFeedbackList
          items={categoryFeedback}
          settled={version.businessStatus === 'REVIEW'}
          onFolder={{ has: (id) => folders.has(id), open: setSelectedId }}
        />
        {handOver && <DocUnitsPanel state={handOver} />}
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
              onSelect={setSelectedId}
              showLocks={mode === 'upload'}
            />
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
            mode === 'upload' &&
            selected?.editable && (
              <UploadButtons
                onFiles={(files) =>
                  queue.add(files, {
                    versionId: version.id,
                    folderId: selected.id,
                    folderName: selected.name,
                  })
                }
              />
            )
          }
        >
          {mode === 'upload' && (
            <UploadQueue
              items={queue.items}
              onCancel={queue.cancel}
              onRetry={queue.retry}
              onPause={queue.pause}
              onResume={queue.resume}
              onClear={queue.clearFinished}
            />
          )}
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
      {supplyMode && (
        <DocSupplyModal
          open
          mode={supplyMode}
          target={target}
          versionId={version.id}
          category={category}
          saving={supply.isPending}
          onOk={sendSupply}
          onCancel={() => setSupplyMode(null)}
        />
      )}
    </Card>
  );
}

/**
 * Where the hand-over stands, said to the construction unit, the agency and the readers: what is
 * awaited and from whom, so nobody wonders why a button is missing.
 */
function HandOverNotice({ mode, state }: { mode: DocScreenMode; state: DocVersionState }) {
  const { t } = useTranslation();
  const pending = [...new Set(state.units.filter((u) => !u.committed).map((u) => u.orgName))];
  const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
  let notice: { type: 'info' | 'success' | 'warning'; text: string } | null = null;
  if (state.businessStatus === 'REVIEW')
    notice = { type: 'success', text: t('docReview.stateAccepted', { time: at(state.acceptedAt) }) };
  else if (state.businessStatus === 'SUBMITTED')
    notice = {
      type: mode === 'receive' && state.can.accept ? 'warning' : 'info',
      text: t(mode === 'receive' ? 'docReview.stateToReceive' : 'docReview.stateSent', {
        time: at(state.sentAt),
      }),
    };
  else if (!state.latest) notice = { type: 'info', text: t('docRepository.readOnlyOld') };
  else if (pending.length > 0)
    notice = { type: 'info', text: t('docReview.stateWaiting', { names: pending.join('、') }) };
  else if (mode === 'send') notice = { type: 'warning', text: t('docReview.stateReadyToSend') };
  else notice = { type: 'info', text: t('docReview.stateCommitted') };
  return <Alert type={notice.type} showIcon title={notice.text} data-testid="doc-handover-state" />;
}
