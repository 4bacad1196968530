import { Alert, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MissionSummary } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useMissionBoard, useMyMissions, useSpecialtyNames } from '../api/missions-api';
import { MissionStatusTag } from './mission-status-tag';
import '../missions-texts';

const enc = encodeURIComponent;

function MissionLines({ items, orgId, testId }: { items: MissionSummary[]; orgId: string; testId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const specialtyName = useSpecialtyNames();
  if (items.length === 0)
    return <Empty description={t('missions.boardEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <List
      data-testid={testId}
      dataSource={items}
      renderItem={(m) => (
        <List.Item data-testid="mission-line">
          <Space wrap>
            <Link to={`/sys_audit/${enc(orgId)}/${enc(m.projectId)}/mission/${enc(m.id)}`}>
              {m.projectName} · {m.buildingName} · {specialtyName(m.specialty, locale)}
            </Link>
            <MissionStatusTag status={m.status} />
            {m.role === 'CHECKER' && <Tag>{t('missions.roleChecker')}</Tag>}
            <Typography.Text type={m.overdue ? 'danger' : 'secondary'}>
              {t('missions.deadline')}：{m.deadline ?? t('missions.noDeadline')}
              {m.overdue ? `（${t('missions.overdue')}）` : ''}
            </Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** A reviewer's landing: their missions across applications, oldest due first. */
export function MyMissionList({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const mine = useMyMissions(orgId);
  if (mine.isPending) return <Spin />;
  if (mine.isError) return <Alert type="error" showIcon title={mine.error.message} />;
  if (mine.data.items.length === 0) return <Empty description={t('missions.mineEmpty')} />;
  return <MissionLines items={mine.data.items} orgId={orgId} testId="my-missions" />;
}

/** A director's landing: what waits for checking, what is overdue, and what nobody holds yet. */
export function MissionBoardPanel({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const board = useMissionBoard(orgId);
  if (board.isPending) return <Spin />;
  if (board.isError) return <Alert type="error" showIcon title={board.error.message} />;
  const b = board.data;
  return (
    <Space orientation="vertical" className="full-width" data-testid="mission-board">
      {b.unassigned > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('missions.boardUnassigned', { n: b.unassigned })}
          description={
            <ul className="mission-board-unassigned" data-testid="board-unassigned">
              {b.unassignedApplications.map((a) => (
                <li key={a.projectId}>
                  <Link to={`/sys_audit/${enc(orgId)}/${enc(a.projectId)}/missions`}>
                    {t('missions.boardUnassignedIn', { name: a.name, n: a.cells })}
                  </Link>
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Typography.Title level={4}>{t('missions.boardWaiting')}</Typography.Title>
      <MissionLines items={b.waitingCheck} orgId={orgId} testId="board-waiting" />
      <Typography.Title level={4}>{t('missions.boardOverdue')}</Typography.Title>
      <MissionLines items={b.overdue} orgId={orgId} testId="board-overdue" />
    </Space>
  );
}
