import { Button, Card, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpinionKind } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useOpinions } from '../api/opinions-api';
import { OpinionTable, type OpinionLinks } from './opinion-table';

const PAGE_SIZE = 50;

/**
 * A mission's opinions on its page, so the checker reviews them from there; its reviewer gets the
 * button to record one beside the drawing with the mission chosen.
 */
export function MissionOpinions({
  target,
  missionId,
  kind,
  links,
  listPath,
  addPath,
}: {
  target: ProjectTarget;
  missionId: string;
  kind: OpinionKind;
  links: OpinionLinks;
  listPath: string;
  addPath: string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useOpinions(target, { kind, missionId, page, pageSize: PAGE_SIZE });
  const writable = list.data?.writableMissions.some((m) => m.id === missionId) ?? false;
  return (
    <Card
      size="small"
      title={<h2 style={{ font: 'inherit', margin: 0 }}>{t('opinions.missionOpinions')}</h2>}
      data-testid="mission-opinions"
      extra={
        <Space>
          {writable && (
            <Link to={addPath}>
              <Button type="primary" icon={<PlusOutlined />} data-testid="mission-add-opinion">
                {t('opinions.addOpinion')}
              </Button>
            </Link>
          )}
          <Link to={listPath}>{t('opinions.openList')}</Link>
        </Space>
      }
    >
      <OpinionTable
        items={list.data?.items ?? []}
        loading={list.isFetching}
        links={links}
        showBuilding={false}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE
            ? { current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }
            : false
        }
      />
    </Card>
  );
}
