import { Alert, App, Button, Card, Descriptions, Popconfirm, Space, Table } from 'antd';
import { DownloadOutlined, PrinterOutlined, SendOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { OpinionReportDetail } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useReport } from '../api/get-report';
import { useReportLink } from '../api/get-report-link';
import { downloadReport, useReportStep } from '../api/report-steps';
import { ReportPages } from './report-pages';
import { ReportConclusionTag, ReportStatusTag } from './report-status-tag';
import '../reports-texts';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;
type Specialty = OpinionReportDetail['content']['bySpecialty'][number];

/**
 * One report: what it says in numbers (conclusion, counts by specialty and type, reviewers, the
 * days used), its PDF drawn in the page, download and print; for the agency's deciders, forwarding
 * (final, so it asks first) and compiling again before that.
 */
export function ReportDetail({
  target,
  id,
  listPath,
  signaturePath,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
  /** The report's signature screen, where the area has one. */
  signaturePath: string | null;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const report = useReport(target, id);
  const step = useReportStep(target);
  const data = report.data;
  const link = useReportLink(target, id, data?.file?.sha256);
  if (report.isError)
    return (
      <Card title={t('reports.detailTitle')}>
        <Alert type="error" showIcon title={t('reports.loadFailed', { message: report.error.message })} />
        <Link to={listPath}>{t('reports.back')}</Link>
      </Card>
    );
  if (!data) return <Card title={t('reports.detailTitle')} loading />;
  const { content } = data;
  const run = (input: Parameters<typeof step.mutate>[0], done: string) =>
    step.mutate(input, {
      onSuccess: () => void message.success(done),
      onError: (error) => void message.error(error.message),
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="report-detail">
      <Card
        title={`${t('reports.detailTitle')} ${data.reportNo}`}
        extra={
          <Space wrap>
            {data.can.compile && (
              <Button
                onClick={() => run({ step: 'compile' }, t('reports.compiled'))}
                loading={step.isPending}
              >
                {t('reports.compileAgain')}
              </Button>
            )}
            {data.can.forward && (
              <Popconfirm
                title={t('reports.forwardConfirmTitle')}
                description={
                  <div style={{ maxWidth: 360 }}>
                    {data.conclusion === 'PASSED'
                      ? t('reports.forwardPassedConfirm')
                      : t('reports.forwardConfirm')}
                  </div>
                }
                onConfirm={() => run({ step: 'forward', id }, t('reports.forwarded'))}
              >
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={step.isPending}
                  data-testid="report-forward"
                >
                  {t('reports.forward')}
                </Button>
              </Popconfirm>
            )}
            {data.file && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void downloadReport(target, id, data.reportNo).catch(
                      (error: Error) => void message.error(error.message),
                    )
                  }
                >
                  {t('reports.download')}
                </Button>
                <Button
                  icon={<PrinterOutlined />}
                  disabled={!link.data}
                  onClick={() => link.data && window.open(link.data.url, '_blank', 'noopener')}
                >
                  {t('reports.print')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        {data.status === 'COMPILING' && (
          <Alert type="info" showIcon title={t('reports.building')} style={{ marginBottom: 16 }} />
        )}
        {data.status === 'FAILED' && (
          <Alert type="error" showIcon title={t('reports.failed')} style={{ marginBottom: 16 }} />
        )}
        {data.status === 'READY' && data.signing && data.signing.signed < data.signing.total && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="report-unsigned"
            title={t('reports.unsigned', { count: data.signing.total - data.signing.signed })}
            action={
              signaturePath && (
                <Link to={signaturePath}>
                  <Button size="small">{t('reports.toSign')}</Button>
                </Link>
              )
            }
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'round',
              label: t('reports.round'),
              children: t('reports.roundText', { round: data.round }),
            },
            { key: 'status', label: t('reports.status'), children: <ReportStatusTag status={data.status} /> },
            {
              key: 'conclusion',
              label: t('reports.conclusion'),
              children: <ReportConclusionTag conclusion={data.conclusion} />,
            },
            {
              key: 'opinions',
              label: t('reports.opinions'),
              children: (
                <span data-testid="report-counts">
                  {data.opinions}（{t('reports.mandatory')} {data.mandatory}）
                </span>
              ),
            },
            {
              key: 'compiled',
              label: t('reports.compiledAt'),
              children: `${dayjs(data.compiledAt).format('YYYY-MM-DD HH:mm')} ${data.compiledBy}`,
            },
            {
              key: 'forwarded',
              label: t('reports.forwardedAt'),
              children: data.forwardedAt
                ? `${dayjs(data.forwardedAt).format('YYYY-MM-DD HH:mm')} ${data.forwardedBy ?? ''}`
                : '—',
            },
            {
              key: 'clock',
              label: t('reports.clock'),
              span: 2,
              children: (
                <span data-testid="report-clock">
                  {t('reports.designClock', content.clock.design)}
                  {content.clock.survey && (
                    <>
                      <br />
                      {t('reports.surveyClock', content.clock.survey)}
                    </>
                  )}
                </span>
              ),
            },
            ...(data.signing
              ? [
                  {
                    key: 'signing',
                    label: t('reports.signing'),
                    span: 2,
                    children: (
                      <span data-testid="report-signing">
                        {t('reports.signingText', data.signing)}
                        {signaturePath && (
                          <>
                            {' '}
                            {/* Underlined: a link inside a line of text must not rely on colour alone. */}
                            <Link to={signaturePath} style={{ textDecoration: 'underline' }}>
                              {t('reports.signingView')}
                            </Link>
                          </>
                        )}
                      </span>
                    ),
                  },
                ]
              : []),
            ...(data.file
              ? [
                  {
                    key: 'file',
                    label: t('reports.sha256'),
                    span: 2,
                    children: (
                      <span style={{ wordBreak: 'break-all' }}>
                        {data.file.sha256}（
                        {t('reports.pages', { pages: data.file.pages, size: kb(data.file.size) })}）
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {content.bySpecialty.length > 0 && (
        <Card title={t('reports.bySpecialty')} size="small">
          <Table<Specialty>
            rowKey="specialty"
            size="small"
            pagination={false}
            dataSource={content.bySpecialty}
            data-testid="report-specialties"
            columns={[
              { title: t('reports.specialty'), dataIndex: 'name' },
              { title: t('reports.opinions'), dataIndex: 'opinions', align: 'right' },
              { title: t('reports.mandatory'), dataIndex: 'mandatory', align: 'right' },
              { title: t('reports.reviewers'), render: (_, s) => s.reviewers.join('、') || '—' },
              { title: t('reports.checkers'), render: (_, s) => s.checkers.join('、') || '—' },
            ]}
          />
          {content.byType.length > 0 && (
            <p style={{ marginTop: 12, marginBottom: 0 }}>
              {t('reports.byType')}：{content.byType.map((b) => `${b.name} ${b.opinions}`).join('；')}
            </p>
          )}
        </Card>
      )}
      {data.file && link.data && <ReportPages url={link.data.url} pages={data.file.pages} />}
      <Link to={listPath}>{t('reports.back')}</Link>
    </Space>
  );
}
