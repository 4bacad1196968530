import { useState } from 'react';
import { Alert, App, Button, Card, Table } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OpinionReportSummary } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useReports } from '../api/get-reports';
import { useReportStep } from '../api/report-steps';
import { ReportConclusionTag, ReportStatusTag } from './report-status-tag';
import '../reports-texts';

const PAGE_SIZE = 10;

/**
 * The application's opinion reports, newest round first. The agency's deciders compile the
 * current round's report from here once the server allows it, and read why not while it does not.
 */
export function ReportList({
  target,
  detailPath,
  agency,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
  /** The audit area: the compile step and the reports not yet forwarded. */
  agency: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useReports(target, page, PAGE_SIZE);
  const step = useReportStep(target);
  const compile = list.data?.compile;
  const current = list.data?.items.find((r) => r.can.compile);
  const compileNow = () =>
    step.mutate(
      { step: 'compile' },
      {
        onSuccess: (report) => {
          void message.success(t('reports.compiled'));
          void navigate(detailPath(report.id));
        },
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <Card
      title={t('reports.listTitle')}
      data-testid="report-list"
      extra={
        agency && compile?.allowed ? (
          <Button
            type="primary"
            icon={<FileAddOutlined />}
            loading={step.isPending}
            onClick={compileNow}
            data-testid="report-compile"
          >
            {current ? t('reports.compileAgain') : t('reports.compile', { round: compile.round ?? 1 })}
          </Button>
        ) : null
      }
    >
      {list.isError && (
        <Alert type="error" showIcon title={t('reports.loadFailed', { message: list.error.message })} />
      )}
      {agency && compile?.blocker && (
        <Alert
          type="info"
          showIcon
          title={t('reports.cannotCompile', { reason: compile.blocker })}
          style={{ marginBottom: 16 }}
          data-testid="report-compile-blocker"
        />
      )}
      <Table<OpinionReportSummary>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        locale={{
          // The table's own placeholder grey is too faint to read (WCAG 1.4.3): the secondary text colour.
          emptyText: (
            <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
              {agency ? t('reports.empty') : t('reports.emptyForUnits')}
            </span>
          ),
        }}
        data-testid="report-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        columns={[
          { title: t('reports.round'), render: (_, r) => t('reports.roundText', { round: r.round }) },
          { title: t('reports.reportNo'), dataIndex: 'reportNo' },
          {
            title: t('reports.conclusion'),
            render: (_, r) => <ReportConclusionTag conclusion={r.conclusion} />,
          },
          { title: t('reports.opinions'), dataIndex: 'opinions', align: 'right' },
          { title: t('reports.mandatory'), dataIndex: 'mandatory', align: 'right' },
          { title: t('reports.status'), render: (_, r) => <ReportStatusTag status={r.status} /> },
          {
            title: agency ? t('reports.compiledAt') : t('reports.forwardedAt'),
            render: (_, r) =>
              dayjs(agency ? r.compiledAt : (r.forwardedAt ?? r.compiledAt)).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('reports.actions'),
            render: (_, r) => (
              <Link to={detailPath(r.id)} data-testid="report-view">
                {t('reports.view')}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
