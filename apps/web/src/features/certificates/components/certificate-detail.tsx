import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { DownloadOutlined, PrinterOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CertificateContent } from '@drp/domain';
import { PdfPages } from '../../../components/pdf-pages';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSignedViewLink } from '../../../lib/signed-view-link';
import { downloadCertificate, useCertificate, useCertificateStep } from '../api/certificate-calls';
import { CertificateStatusTag } from './certificate-status-tag';
import '../certificates-texts';

type Reviewer = CertificateContent['reviewers'][number];

/** Revoking asks why: the units are told the reason, and it cannot be undone. */
function RevokeDialog({
  pending,
  onRevoke,
  onClose,
}: {
  pending: boolean;
  onRevoke: (reason: string, failed: (message: string) => void) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('certificates.revokeTitle')}
      okText={t('certificates.revoke')}
      okButtonProps={{ danger: true, loading: pending, ...{ 'data-testid': 'certificate-revoke-confirm' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('certificates.revokeIntro')}</p>
      <Form
        form={form}
        layout="vertical"
        onFinish={({ reason }) =>
          onRevoke(reason.trim(), (message) => form.setFields([{ name: 'reason', errors: [message] }]))
        }
      >
        <Form.Item
          name="reason"
          label={t('certificates.revokeReason')}
          rules={[{ required: true, whitespace: true, message: t('certificates.revokeReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="certificate-revoke-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * One certificate: what it says (the application, the scope, the first round's result and the
 * reviewers with their registrations), its signing, its PDF drawn in the page, download and
 * print; for the agency's deciders, issuing (final, so it asks first) and compiling again before.
 */
export function CertificateDetail({
  target,
  id,
  listPath,
  signaturePath,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
  signaturePath: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const certificate = useCertificate(target, id);
  const step = useCertificateStep(target);
  const data = certificate.data;
  const link = useSignedViewLink(target, id, data?.file?.sha256);
  const [revoking, setRevoking] = useState(false);
  if (certificate.isError)
    return (
      <Card title={t('certificates.detailTitle')}>
        <Alert
          type="error"
          showIcon
          title={t('certificates.loadFailed', { message: certificate.error.message })}
        />
        <Link to={listPath}>{t('certificates.back')}</Link>
      </Card>
    );
  if (!data) return <Card title={t('certificates.detailTitle')} loading />;
  const { content } = data;
  const run = (input: Parameters<typeof step.mutate>[0], done: string) =>
    step.mutate(input, {
      onSuccess: () => void message.success(done),
      onError: (error) => void message.error(error.message),
    });
  const unsigned = data.signing.total - data.signing.signed;
  const first = content.firstRound;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="certificate-detail">
      <Card
        title={`${t('certificates.detailTitle')} ${data.certificateNo}`}
        extra={
          <Space wrap>
            {data.can.compile && (
              <Button
                onClick={() => run({ step: 'compile' }, t('certificates.compiled'))}
                loading={step.isPending}
              >
                {t('certificates.compileAgain')}
              </Button>
            )}
            {data.can.issue && (
              <Popconfirm
                title={t('certificates.issueConfirmTitle')}
                description={<div style={{ maxWidth: 360 }}>{t('certificates.issueConfirm')}</div>}
                onConfirm={() => run({ step: 'issue', id }, t('certificates.issued'))}
              >
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={step.isPending}
                  data-testid="certificate-issue"
                >
                  {t('certificates.issue')}
                </Button>
              </Popconfirm>
            )}
            {data.can.revoke && (
              <Button
                danger
                icon={<StopOutlined />}
                onClick={() => setRevoking(true)}
                data-testid="certificate-revoke"
              >
                {t('certificates.revoke')}
              </Button>
            )}
            {data.file && (
              <>
                <Button
                  icon={<DownloadOutlined />}
                  onClick={() =>
                    void downloadCertificate(target, id, data.certificateNo).catch(
                      (error: Error) => void message.error(error.message),
                    )
                  }
                >
                  {t('certificates.download')}
                </Button>
                <Button
                  icon={<PrinterOutlined />}
                  disabled={!link.data}
                  onClick={() => link.data && window.open(link.data.url, '_blank', 'noopener')}
                >
                  {t('certificates.print')}
                </Button>
              </>
            )}
          </Space>
        }
      >
        {data.revoked && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="certificate-revoked"
            title={t('certificates.revokedNotice', {
              at: dayjs(data.revoked.at).format('YYYY-MM-DD HH:mm'),
              by: data.revoked.by,
              reason: data.revoked.reason,
            })}
          />
        )}
        {data.supersededBy && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="certificate-superseded"
            title={t('certificates.supersededNotice', { no: data.supersededBy })}
          />
        )}
        {data.status === 'BUILDING' && (
          <Alert type="info" showIcon title={t('certificates.building')} style={{ marginBottom: 16 }} />
        )}
        {data.status === 'FAILED' && (
          <Alert type="error" showIcon title={t('certificates.failed')} style={{ marginBottom: 16 }} />
        )}
        {data.status === 'READY' && unsigned > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="certificate-unsigned"
            title={t('certificates.unsigned', { count: unsigned })}
            action={
              <Link to={signaturePath}>
                <Button size="small">{t('certificates.toSign')}</Button>
              </Link>
            }
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="certificate-facts"
          items={[
            {
              key: 'status',
              label: t('certificates.status'),
              children: <CertificateStatusTag status={data.status} />,
            },
            { key: 'project', label: t('certificates.project'), children: content.project.name },
            {
              key: 'scale',
              label: t('certificates.scale'),
              children: t('certificates.area', { area: content.project.area.toLocaleString() }),
            },
            {
              key: 'buildings',
              label: t('certificates.buildings'),
              children: content.buildings.map((b) => b.name).join('、') || '—',
            },
            {
              key: 'specialties',
              label: t('certificates.specialties'),
              span: 2,
              children: content.specialties.join('、'),
            },
            {
              key: 'first',
              label: t('certificates.firstRound'),
              children: first.passed ? t('certificates.firstPassed') : t('certificates.firstFailed'),
            },
            {
              key: 'mandatory',
              label: t('certificates.mandatory'),
              children:
                first.mandatoryCount === 0
                  ? t('certificates.mandatoryNone')
                  : t('certificates.mandatoryCount', {
                      count: first.mandatoryCount,
                      clauses: first.mandatoryClauses.join('、') || '—',
                    }),
            },
            {
              key: 'rounds',
              label: t('certificates.rounds'),
              children: t('certificates.roundsText', { rounds: content.rounds }),
            },
            { key: 'completed', label: t('certificates.completedOn'), children: content.completedOn },
            { key: 'report', label: t('certificates.reportNo'), children: content.reportNo },
            { key: 'code', label: t('certificates.checkCode'), children: <code>{content.checkCode}</code> },
            {
              key: 'compiled',
              label: t('certificates.compiledAt'),
              children: `${dayjs(data.compiledAt).format('YYYY-MM-DD HH:mm')} ${data.compiledBy}`,
            },
            {
              key: 'issued',
              label: t('certificates.issuedAt'),
              children: data.issuedAt
                ? `${dayjs(data.issuedAt).format('YYYY-MM-DD HH:mm')} ${data.issuedBy ?? ''}`
                : '—',
            },
            {
              key: 'signing',
              label: t('certificates.signing'),
              span: 2,
              children: (
                <span data-testid="certificate-signing">
                  {t('certificates.signingText', data.signing)}{' '}
                  {/* Underlined: a link inside a line of text must not rely on colour alone. */}
                  <Link to={signaturePath} style={{ textDecoration: 'underline' }}>
                    {t('certificates.signingView')}
                  </Link>
                </span>
              ),
            },
            ...(data.file
              ? [
                  {
                    key: 'file',
                    label: t('certificates.sha256'),
                    span: 2,
                    children: <span style={{ wordBreak: 'break-all' }}>{data.file.sha256}</span>,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title={t('certificates.reviewers')} size="small">
        <Table<Reviewer>
          rowKey={(r) => `${r.specialtyName}:${r.name}`}
          size="small"
          pagination={false}
          dataSource={content.reviewers}
          data-testid="certificate-reviewers"
          columns={[
            { title: t('certificates.specialty'), dataIndex: 'specialtyName' },
            { title: t('certificates.reviewer'), dataIndex: 'name' },
            { title: t('certificates.registration'), render: (_, r) => r.registration ?? '—' },
          ]}
        />
      </Card>
      {data.file && link.data && (
        <div data-pages={data.file.pages}>
          <PdfPages
            source={link.data.url}
            testId="certificate-pages"
            pageLabel={t('certificates.pageLabel', { page: '{page}', total: '{total}' })}
            failedText={t('certificates.pdfFailed')}
          />
        </div>
      )}
      <Link to={listPath}>{t('certificates.back')}</Link>
      {revoking && (
        <RevokeDialog
          pending={step.isPending}
          onClose={() => setRevoking(false)}
          onRevoke={(reason, failed) =>
            step.mutate(
              { step: 'revoke', id, reason },
              {
                onSuccess: () => {
                  void message.success(t('certificates.revokedDone'));
                  setRevoking(false);
                },
                onError: (error) => failed(error.message),
              },
            )
          }
        />
      )}
    </Space>
  );
}
