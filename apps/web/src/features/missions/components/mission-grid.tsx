import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MissionAssignCell, MissionCandidate, MissionCell, MissionGrid as Grid } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { fetchProposal, useAssignMissions, useMissionGrid, useSpecialtyNames } from '../api/missions-api';
import { MissionStatusTag } from './mission-status-tag';
import '../missions-texts';

const keyOf = (c: { buildingId: string; specialty: string }) => `${c.buildingId}|${c.specialty}`;

type Draft = Omit<MissionAssignCell, 'buildingId' | 'specialty' | 'revision'>;

interface Props {
  target: ProjectTarget;
  missionPath: (missionId: string) => string;
}

/**
 * The round's grid (rows: buildings, columns: specialties): who reviews, who checks, the state and
 * the due day of each cell, overdue ones in red. A director changes cells in place or fills in the
 * platform's proposal, then saves them together; a cell someone else saved meanwhile is refused
 * with the server's message, and the grid shows what was saved.
 */
export function MissionGrid({ target, missionPath }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const grid = useMissionGrid(target);
  const assign = useAssignMissions(target);
  const specialtyName = useSpecialtyNames();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [editing, setEditing] = useState<MissionCell | null>(null);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ type: 'error' | 'info'; text: string } | null>(null);
  const [proposing, setProposing] = useState(false);

  const data = grid.data;
  const cells = useMemo(() => new Map((data?.cells ?? []).map((c) => [keyOf(c), c])), [data]);
  const names = useMemo(() => new Map((data?.candidates ?? []).map((c) => [c.accountId, c.name])), [data]);

  if (grid.isPending) return <Spin />;
  if (grid.isError) return <Alert type="error" title={grid.error.message} />;
  const g: Grid = grid.data;
  const pending = Object.keys(drafts).length;
  const buildingName = (id: string) => g.buildings.find((b) => b.id === id)?.name ?? '';

  async function propose() {
    setProposing(true);
    try {
      const proposal = await fetchProposal(target);
      setDrafts((current) => {
        const next = { ...current };
        for (const p of proposal.cells)
          next[keyOf(p)] ??= {
            reviewerAccountId: p.reviewerAccountId,
            checkerAccountId: null,
            deadline: null,
          };
        return next;
      });
      const uncovered = [...new Set(proposal.uncovered.map((u) => specialtyName(u.specialty, locale)))];
      setNotice({
        type: 'info',
        text: [
          t('missions.proposed', { n: proposal.cells.length }),
          uncovered.length > 0 ? t('missions.uncovered', { list: uncovered.join('、') }) : '',
        ]
          .filter(Boolean)
          .join('；'),
      });
    } catch (error) {
      setNotice({ type: 'error', text: (error as Error).message });
    } finally {
      setProposing(false);
    }
  }

  function save() {
    const list: MissionAssignCell[] = Object.entries(drafts).map(([key, d]) => {
      const cell = cells.get(key)!;
      return { buildingId: cell.buildingId, specialty: cell.specialty, revision: cell.revision, ...d };
    });
    assign.mutate(
      { cells: list, reason: reason.trim() || null },
      {
        onSuccess: () => {
          void message.success(t('missions.saved', { n: list.length }));
          setDrafts({});
          setReason('');
          setNotice(null);
        },
        // A 409 names the cell someone else saved: the grid reloads with what they saved.
        onError: (error) => setNotice({ type: 'error', text: error.message }),
      },
    );
  }

  const renderCell = (cell: MissionCell | undefined) => {
    if (!cell) return null;
    const draft = drafts[keyOf(cell)];
    const reviewer = draft ? names.get(draft.reviewerAccountId) : cell.reviewer?.name;
    const checker = draft ? draft.checkerAccountId && names.get(draft.checkerAccountId) : cell.checker?.name;
    const deadline = draft ? (draft.deadline ?? cell.deadline) : cell.deadline;
    const label = t('missions.editCell', {
      building: buildingName(cell.buildingId),
      specialty: specialtyName(cell.specialty, locale),
    });
    return (
      <div
        className={draft ? 'mission-cell mission-cell-draft' : 'mission-cell'}
        data-testid={`mission-cell-${buildingName(cell.buildingId)}-${cell.specialty}`}
      >
        <div>
          {cell.missionId && !draft ? (
            <Link to={missionPath(cell.missionId)}>{reviewer}</Link>
          ) : (
            (reviewer ?? <Typography.Text type="secondary">{t('missions.unassigned')}</Typography.Text>)
          )}
          {draft && <Typography.Text type="warning"> *</Typography.Text>}
        </div>
        {checker && (
          <div>
            <Typography.Text type="secondary">
              {t('missions.checker')}：{checker}
            </Typography.Text>
          </div>
        )}
        {cell.status && <MissionStatusTag status={cell.status} />}
        {deadline && (
          <div>
            <Typography.Text
              type={cell.overdue && !draft ? 'danger' : 'secondary'}
              data-overdue={cell.overdue}
            >
              {t('missions.deadline')}：{deadline}
              {cell.overdue && !draft ? `（${t('missions.overdue')}）` : ''}
            </Typography.Text>
          </div>
        )}
        {g.can.assign && (
          <Button size="small" type="link" aria-label={label} onClick={() => setEditing(cell)}>
            {t('missions.edit')}
          </Button>
        )}
      </div>
    );
  };

  const columns = [
    { title: t('missions.building'), dataIndex: 'name', key: 'name', fixed: 'left' as const, width: 140 },
    ...g.specialties.map((s) => ({
      title: specialtyName(s, locale),
      key: s,
      width: 180,
      render: (_: unknown, b: { id: string }) => renderCell(cells.get(`${b.id}|${s}`)),
    })),
  ];

  return (
    <Card
      data-testid="mission-grid-card"
      title={
        <Space>
          <h1 style={{ font: 'inherit', margin: 0 }}>{t('missions.gridTitle')}</h1>
          {g.round && (
            <Typography.Text type="secondary">
              {t('missions.round', { number: g.round.number })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        g.can.assign && (
          <Space wrap>
            <Button onClick={() => void propose()} loading={proposing} data-testid="mission-propose">
              {t('missions.propose')}
            </Button>
            <Button disabled={pending === 0} onClick={() => setDrafts({})}>
              {t('missions.discard')}
            </Button>
            <Button
              type="primary"
              disabled={pending === 0}
              loading={assign.isPending}
              onClick={save}
              data-testid="mission-save"
            >
              {t('missions.save')}
              {pending > 0 ? `（${t('missions.pending', { n: pending })}）` : ''}
            </Button>
          </Space>
        )
      }
    >
      {notice && (
        <Alert
          type={notice.type}
          title={notice.text}
          showIcon
          closable
          onClose={() => setNotice(null)}
          className="mission-notice"
          data-testid="mission-notice"
        />
      )}
      {!g.round ? (
        <Empty description={t('missions.noRound')} />
      ) : g.buildings.length === 0 ? (
        <Empty description={t('missions.noCells')} />
      ) : (
        <>
          {g.can.assign && pending > 0 && (
            <Form layout="vertical">
              <Form.Item label={t('missions.reason')} htmlFor="mission-reason">
                <Input
                  id="mission-reason"
                  value={reason}
                  maxLength={500}
                  placeholder={t('missions.reasonPlaceholder')}
                  onChange={(e) => setReason(e.target.value)}
                />
              </Form.Item>
            </Form>
          )}
          <Table
            rowKey="id"
            dataSource={g.buildings}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            data-testid="mission-grid"
          />
        </>
      )}
      {editing && (
        <CellEditor
          cell={editing}
          title={t('missions.editCell', {
            building: buildingName(editing.buildingId),
            specialty: specialtyName(editing.specialty, locale),
          })}
          draft={drafts[keyOf(editing)]}
          candidates={g.candidates}
          onCancel={() => setEditing(null)}
          onDone={(d) => {
            setDrafts((current) => ({ ...current, [keyOf(editing)]: d }));
            setEditing(null);
          }}
        />
      )}
    </Card>
  );
}

function CellEditor({
  cell,
  title,
  draft,
  candidates,
  onCancel,
  onDone,
}: {
  cell: MissionCell;
  title: string;
  draft: Draft | undefined;
  candidates: MissionCandidate[];
  onCancel: () => void;
  onDone: (draft: Draft) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reviewer: string; checker?: string; deadline?: string }>();
  // Only those holding the specialty review it; directors check any specialty.
  const option = (c: MissionCandidate) => ({
    value: c.accountId,
    label: c.name,
    workload: `${t('missions.openMissions', { n: c.openMissions })}${c.director ? `，${t('missions.director')}` : ''}`,
  });
  // The name alone is the option's label (what the field shows and a search matches); the
  // workload is shown beside it in the list, where the director chooses.
  const optionRender = (o: { data: { label: string; workload: string } }) => (
    <span>
      {o.data.label} <Typography.Text type="secondary">（{o.data.workload}）</Typography.Text>
    </span>
  );
  const reviewers = candidates.filter((c) => c.specialties.includes(cell.specialty)).map(option);
  const checkers = candidates.filter((c) => c.director || c.specialties.includes(cell.specialty)).map(option);
  return (
    <Modal
      open
      title={title}
      okText={t('missions.ok')}
      cancelText={t('missions.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          reviewer: draft?.reviewerAccountId ?? cell.reviewer?.accountId,
          checker: (draft ? draft.checkerAccountId : cell.checker?.accountId) ?? undefined,
          deadline: (draft ? draft.deadline : cell.deadline) ?? undefined,
        }}
        onFinish={(v) =>
          onDone({
            reviewerAccountId: v.reviewer,
            checkerAccountId: v.checker ?? null,
            deadline: v.deadline || null,
          })
        }
      >
        <Form.Item
          name="reviewer"
          label={t('missions.reviewer')}
          rules={[{ required: true, message: t('missions.pickReviewer') }]}
        >
          <Select
            options={reviewers}
            optionRender={optionRender}
            showSearch
            optionFilterProp="label"
            data-testid="mission-reviewer"
          />
        </Form.Item>
        <Form.Item name="checker" label={t('missions.checker')}>
          <Select
            options={checkers}
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="mission-checker"
          />
        </Form.Item>
        <Form.Item name="deadline" label={t('missions.deadline')}>
          <Input type="date" data-testid="mission-deadline" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
