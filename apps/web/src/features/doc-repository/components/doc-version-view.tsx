import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Card, Select, Space, Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { DOC_CATEGORIES, docVersionName, docVersionStatusText, type DocVersion } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useDocFeedback } from '../api/get-doc-feedback';
import { useDocTree } from '../api/get-doc-tree';
import { useDocVersionState } from '../api/get-doc-version-state';
import type { DocRepositoryScreenProps } from './doc-repository-screen-props';
import { DocFeedbackList } from './doc-feedback-list';
import { DocFilesPanel } from './doc-files-panel';
import { DocFolderPanel } from './doc-folder-panel';
import { indexFolders } from './doc-folder-tree';
import { DocHandoverBar } from './doc-handover-bar';
import { DocHandoverNotice } from './doc-handover-notice';
import { DocScreenTitle } from './doc-screen-title';
import { DocUnitsPanel } from './doc-units-panel';
import { HandoverIssueList, type HandoverLinks } from './handover-issue-list';

const STATUS_COLOR = { UPLOADING: 'blue', SUBMITTED: 'orange', REVIEW: 'green' } as const;

/**
 * One version of the repository: its choice and status in the head with the hand-over bar, what
 * stands in the way or was asked for, then the folder tree beside the chosen folder's files.
 */
export function DocVersionView({
  target,
  category,
  mode,
  categoryLinks,
  projectName,
  buildingLink,
  applicationStatus,
  sheetLink,
  versions,
  version,
  onVersion,
}: DocRepositoryScreenProps & {
  versions: DocVersion[];
  version: DocVersion;
  onVersion: (id: string) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const tree = useDocTree(target, version.id, category);
  const state = useDocVersionState(target, version.id);
  const feedback = useDocFeedback(target, version.id);
  // A link from what stands in the way of a hand-over names the folder to open (?folder=).
  const [searchParams] = useSearchParams();
  const linkedFolder = searchParams.get('folder') ?? undefined;
  const [selectedId, setSelectedId] = useState<string | undefined>(linkedFolder);
  useEffect(() => {
    if (linkedFolder) setSelectedId(linkedFolder);
  }, [linkedFolder]);
  const links: HandoverLinks | undefined = buildingLink
    ? { building: buildingLink, category: categoryLinks }
    : undefined;

  const folders = useMemo(() => indexFolders(tree.data ?? []), [tree.data]);
  // Until the user picks one: where files are for those who read, the first folder for those who
  // upload (who start at the top), so the file list is never blank for nothing.
  const selected =
    (selectedId && folders.get(selectedId)) ||
    (mode !== 'upload' ? [...folders.values()].find((f) => f.fileCount > 0) : undefined) ||
    tree.data?.[0];
  const own = state.data?.units.find((u) => u.orgId === target.orgId && u.category === category);
  const categoryFeedback = (feedback.data ?? []).filter((f) => f.category === category);

  const readOnlyReason =
    mode !== 'upload'
      ? null
      : version.businessStatus !== 'UPLOADING'
        ? t('docRepository.readOnlySent')
        : !version.latest
          ? t('docRepository.readOnlyOld')
          : null;
  const handOver = state.data && (mode === 'send' || mode === 'receive') ? state.data : null;

  return (
    <Card
      data-testid="doc-repository"
      data-category={category}
      title={
        <Space size={12} wrap>
          <DocScreenTitle category={category} categoryLinks={categoryLinks} />
          <Select
            value={version.id}
            onChange={onVersion}
            options={versions.map((v) => ({
              value: v.id,
              label: `${docVersionName(v.number, locale)}${v.latest ? t('docRepository.current') : ''}`,
            }))}
            style={{ minWidth: 160 }}
            aria-label={t('docRepository.versionChoice')}
            data-testid="doc-version-select"
          />
          <Tag color={STATUS_COLOR[version.businessStatus]} data-testid="doc-version-status">
            {docVersionStatusText(version.businessStatus, applicationStatus, locale)}
          </Tag>
        </Space>
      }
      extra={
        <DocHandoverBar
          target={target}
          category={category}
          mode={mode}
          version={version}
          state={state.data}
          projectName={projectName}
          links={links}
        />
      }
    >
      <div className="doc-repository-alerts">
        {mode !== 'upload' && state.data && (
          <DocHandoverNotice mode={mode} state={state.data} applicationStatus={applicationStatus} />
        )}
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
        {handOver?.readiness && handOver.readiness.blockers.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="handover-blockers"
            title={t(
              handOver.businessStatus === 'REVIEW'
                ? 'docReview.stuckTitle'
                : mode === 'send'
                  ? 'docReview.blockersToSend'
                  : 'docReview.blockersToAccept',
            )}
            description={
              <HandoverIssueList
                issues={handOver.readiness.blockers}
                links={links}
                testId="handover-blocker-items"
              />
            }
          />
        )}
        {handOver && <DocUnitsPanel state={handOver} />}
      </div>
      <div className="doc-repository-body">
        <DocFolderPanel
          target={target}
          versionId={version.id}
          mode={mode}
          tree={tree}
          folders={folders}
          selected={selected}
          onSelect={setSelectedId}
        />
        <DocFilesPanel
          target={target}
          versionId={version.id}
          mode={mode}
          selected={selected}
          sheetLink={sheetLink}
        />
      </div>
    </Card>
  );
}
