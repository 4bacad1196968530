import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocFolderNode } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useUploadQueue } from '../hooks/use-upload-queue';
import type { DocRepositoryScreenProps, DocScreenMode } from './doc-repository-screen-props';
import { DocFileTable } from './doc-file-table';
import { UploadButtons } from './upload-buttons';
import { UploadQueue } from './upload-queue';

/**
 * The chosen folder's files; where the viewer uploads, the upload buttons (for a folder it may
 * change) and the queue of files on their way.
 */
export function DocFilesPanel({
  target,
  versionId,
  mode,
  selected,
  sheetLink,
}: {
  target: ProjectTarget;
  versionId: string;
  mode: DocScreenMode;
  selected: DocFolderNode | undefined;
  sheetLink?: DocRepositoryScreenProps['sheetLink'];
}) {
  const { t } = useTranslation();
  const queue = useUploadQueue(target);
  return (
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
                versionId,
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
      <DocFileTable target={target} versionId={versionId} folderId={selected?.id} sheetLink={sheetLink} />
    </Card>
  );
}
