import { Alert, App, Button, Card, Table } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CertificateSummary } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useCertificateStep, useCertificates } from '../api/certificate-calls';
import { CertificateStatusTag } from './certificate-status-tag';
import '../certificates-texts';

/**
 * The application's certificate of passing review (`certification`). The agency's admin or
 * director compiles it here once the review passed, and reads why not while it has not; the
 * units see it once issued.
 */
export function CertificateList({
  target,
  detailPath,
  agency,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
  agency: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useCertificates(target);
  const step = useCertificateStep(target);
  const compile = list.data?.compile;
  const current = list.data?.items[0];
  const compileNow = () =>
    step.mutate(
      { step: 'compile' },
      {
        onSuccess: (certificate) => {
          void message.success(t('certificates.compiled'));
          void navigate(detailPath(certificate.id));
        },
        onError: (error) => void message.error(error.message),
      },
    );
  return (
    <Card
      title={t('certificates.listTitle')}
      data-testid="certificate-list"
      extra={
        agency && compile?.allowed ? (
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={step.isPending}
            onClick={compileNow}
            data-testid="certificate-compile"
          >
            {current ? t('certificates.compileAgain') : t('certificates.compile')}
          </Button>
        ) : null
      }
    >
      {list.isError && (
        <Alert type="error" showIcon title={t('certificates.loadFailed', { message: list.error.message })} />
      )}
      {agency && compile?.blocker && (
        <Alert
          type="info"
          showIcon
          title={t('certificates.cannotCompile', { reason: compile.blocker })}
          style={{ marginBottom: 16 }}
          data-testid="certificate-compile-blocker"
        />
      )}
      <Table<CertificateSummary>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        locale={{
          // The table's own placeholder grey is too faint to read (WCAG 1.4.3): the secondary text colour.
          emptyText: (
            <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
              {agency ? t('certificates.empty') : t('certificates.emptyForUnits')}
            </span>
          ),
        }}
        data-testid="certificate-table"
        columns={[
          { title: t('certificates.certificateNo'), dataIndex: 'certificateNo' },
          { title: t('certificates.status'), render: (_, c) => <CertificateStatusTag status={c.status} /> },
          {
            title: t('certificates.signing'),
            render: (_, c) => t('certificates.signingText', c.signing),
          },
          {
            title: t('certificates.compiledAt'),
            render: (_, c) => `${dayjs(c.compiledAt).format('YYYY-MM-DD HH:mm')} ${c.compiledBy}`,
          },
          {
            title: t('certificates.issuedAt'),
            render: (_, c) =>
              c.issuedAt ? `${dayjs(c.issuedAt).format('YYYY-MM-DD HH:mm')} ${c.issuedBy ?? ''}` : '—',
          },
          {
            title: t('certificates.actions'),
            render: (_, c) => (
              <Link to={detailPath(c.id)} data-testid="certificate-view">
                {t('certificates.view')}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
