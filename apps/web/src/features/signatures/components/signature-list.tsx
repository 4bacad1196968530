import { Alert, Button, Card, Progress, Table, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SIGNED_DOCUMENT_KINDS, type SigningDocument } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSigningDocuments } from '../api/signature-calls';
import '../signatures-texts';

/**
 * The application's signed documents (`signature`): each report (later the certificate) with how
 * far its signing is, and whether the reader has a signature to give on it.
 */
export function SignatureList({
  target,
  detailPath,
  agency,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
  agency: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useSigningDocuments(target);
  return (
    <Card title={t('signatures.listTitle')}>
      {list.isError && (
        <Alert type="error" showIcon title={t('signatures.loadFailed', { message: list.error.message })} />
      )}
      <Table<SigningDocument>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.items ?? []}
        pagination={false}
        data-testid="signature-list"
        locale={{ emptyText: agency ? t('signatures.empty') : t('signatures.emptyForUnits') }}
        onRow={(doc) => ({ onDoubleClick: () => void navigate(detailPath(doc.id)) })}
        columns={[
          {
            title: t('signatures.document'),
            render: (_, doc) => SIGNED_DOCUMENT_KINDS[doc.kind][currentLocale()],
          },
          {
            title: t('signatures.number'),
            render: (_, doc) => <Link to={detailPath(doc.id)}>{doc.name}</Link>,
          },
          {
            title: t('signatures.round'),
            render: (_, doc) => (doc.round ? t('signatures.roundText', { round: doc.round }) : '—'),
          },
          {
            title: t('signatures.progress'),
            render: (_, doc) => (
              <span data-testid="signature-progress">
                <Progress
                  percent={Math.round((doc.signed / Math.max(1, doc.total)) * 100)}
                  size="small"
                  showInfo={false}
                  style={{ width: 80, marginRight: 8 }}
                  aria-label={t('signatures.progress')}
                />
                {t('signatures.progressText', { signed: doc.signed, total: doc.total })}
              </span>
            ),
          },
          {
            title: t('signatures.status'),
            render: (_, doc) =>
              doc.complete ? (
                <Tag color="green">{t('signatures.complete')}</Tag>
              ) : doc.tasks.some((task) => task.canSign) ? (
                <Tag color="orange" data-testid="signature-mine">
                  {t('signatures.mine')}
                </Tag>
              ) : (
                <Tag color="blue">{t('signatures.signing')}</Tag>
              ),
          },
          {
            title: t('signatures.actions'),
            render: (_, doc) => (
              <Button size="small" onClick={() => void navigate(detailPath(doc.id))}>
                {doc.tasks.some((task) => task.canSign) ? t('signatures.sign') : t('signatures.view')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
