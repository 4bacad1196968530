import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MISSION_EVENTS,
  type MissionDetail as MissionDetailAnswer,
  type MissionHistoryEntry,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useMission, useSpecialtyNames, useStepMission, type MissionStep } from '../api/missions-api';
import { MissionStatusTag } from './mission-status-tag';
import '../missions-texts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * One mission: who reviews and checks it, its state and due day, the reason of a return, and its
 * history of assignments and checks; the buttons are those the server's `can` allows.
 */
export function MissionDetail({
  target,
  id,
  gridPath,
  opinions,
}: {
  target: ProjectTarget;
  id: string;
  gridPath: string;
  /** The mission's opinions, composed by the app (opinions is another feature). */
  opinions?: (mission: MissionDetailAnswer) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const mission = useMission(target, id);
  const step = useStepMission(target, id);
  const specialtyName = useSpecialtyNames();
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const [failure, setFailure] = useState<string | null>(null);

  if (mission.isPending) return <Spin />;
  if (mission.isError) return <Alert type="error" showIcon title={mission.error.message} />;
  const m = mission.data;

  const run = (input: MissionStep, done: string) =>
    step.mutate(input, {
      onSuccess: () => {
        setFailure(null);
        setReturning(false);
        form.resetFields();
        void message.success(done);
      },
      onError: (error) => setFailure(error.message),
    });

  const describe = (h: MissionHistoryEntry) => {
    if (h.event === 'RETURN') return h.reason ?? '';
    if (h.event !== 'ASSIGN') return '';
    const names = {
      reviewer: h.reviewer?.name ?? '',
      checker: h.checker?.name ?? t('missions.noChecker'),
      previous: h.previousReviewer?.name ?? '',
    };
    const text =
      h.previousReviewer && h.previousReviewer.accountId !== h.reviewer?.accountId
        ? t('missions.reassigned', names)
        : t('missions.assigned', names);
    return h.reason ? `${text}：${h.reason}` : text;
  };

  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('missions.detailTitle')}</h1>}
      extra={<Link to={gridPath}>{t('missions.backToGrid')}</Link>}
      data-testid="mission-detail"
    >
      <Space orientation="vertical" size="large" className="full-width">
        {failure && <Alert type="error" showIcon title={failure} data-testid="mission-failure" />}
        {m.status === 'RETURNED' && m.returnReason && (
          <Alert
            type="warning"
            showIcon
            title={`${t('missions.returnReason')}：${m.returnReason}`}
            data-testid="mission-return-reason"
          />
        )}
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
          <Descriptions.Item label={t('missions.project')}>{m.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('missions.building')}>{m.buildingName}</Descriptions.Item>
          <Descriptions.Item label={t('missions.specialty')}>
            {specialtyName(m.specialty, locale)}
          </Descriptions.Item>
          <Descriptions.Item label={t('missions.status')}>
            <MissionStatusTag status={m.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('missions.reviewer')}>{m.reviewer.name}</Descriptions.Item>
          <Descriptions.Item label={t('missions.checker')}>
            {m.checker?.name ?? t('missions.noChecker')}
          </Descriptions.Item>
          <Descriptions.Item label={t('missions.deadline')}>
            <Typography.Text type={m.overdue ? 'danger' : undefined}>
              {m.deadline ?? t('missions.noDeadline')}
              {m.overdue ? `（${t('missions.overdue')}）` : ''}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('missions.submittedAt')}>{when(m.submittedAt)}</Descriptions.Item>
        </Descriptions>
        <Space wrap>
          {m.can.submit && (
            <Button
              type="primary"
              loading={step.isPending}
              onClick={() => run({ step: 'submit' }, t('missions.submit'))}
              data-testid="mission-submit"
            >
              {t('missions.submit')}
            </Button>
          )}
          {m.can.accept && (
            <Button
              type="primary"
              loading={step.isPending}
              onClick={() => run({ step: 'accept' }, t('missions.accept'))}
              data-testid="mission-accept"
            >
              {t('missions.accept')}
            </Button>
          )}
          {m.can.return && (
            <Button danger onClick={() => setReturning(true)} data-testid="mission-return">
              {t('missions.return')}
            </Button>
          )}
        </Space>
        {opinions?.(m)}
        <Table
          rowKey={(h) => `${h.event}-${h.at}`}
          dataSource={m.history}
          pagination={false}
          title={() => t('missions.history')}
          columns={[
            {
              title: t('missions.at'),
              key: 'at',
              render: (_: unknown, h: MissionHistoryEntry) => when(h.at),
            },
            {
              title: t('missions.status'),
              key: 'event',
              render: (_: unknown, h: MissionHistoryEntry) => MISSION_EVENTS[h.event][locale],
            },
            {
              title: t('missions.by'),
              key: 'by',
              render: (_: unknown, h: MissionHistoryEntry) => h.by?.name ?? '',
            },
            {
              title: t('missions.what'),
              key: 'what',
              render: (_: unknown, h: MissionHistoryEntry) => describe(h),
            },
          ]}
          data-testid="mission-history"
        />
      </Space>
      <Modal
        open={returning}
        title={t('missions.returnTitle')}
        okText={t('missions.return')}
        cancelText={t('missions.cancel')}
        okButtonProps={{ danger: true, loading: step.isPending }}
        onCancel={() => setReturning(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => run({ step: 'return', reason: v.reason }, t('missions.return'))}
        >
          <Form.Item
            name="reason"
            label={t('missions.returnReasonLabel')}
            rules={[{ required: true, whitespace: true, message: t('missions.returnReasonRequired') }]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount data-testid="mission-return-reason-input" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
