import { useState } from 'react';
import { Alert, Card, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocVersions } from '../api/get-doc-versions';
import type { DocRepositoryScreenProps } from './doc-repository-screen-props';
import { DocScreenTitle } from './doc-screen-title';
import { DocVersionView } from './doc-version-view';
import './doc-repository.css';

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
      <Card title={<DocScreenTitle {...props} />}>
        <Empty
          description={t(
            versionsListed === 'REVIEW' ? 'docReview.noAcceptedVersion' : 'docRepository.noVersion',
          )}
          data-testid="doc-no-version"
        />
      </Card>
    );
  return (
    <DocVersionView
      key={`${version.id}-${category}`}
      {...props}
      versions={list}
      version={version}
      onVersion={setChosen}
    />
  );
}
