import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  SIGNED_DOCUMENT_KINDS,
  SIGNING_ROLES,
  type SignatureCheck,
  type SignatureVerification,
  type SigningTask,
} from '@drp/domain';
import { PdfPages } from '../../../components/pdf-pages';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { downloadFile } from '../../../lib/http';
import { useSignedViewLink } from '../../../lib/signed-view-link';
import { useSignTask, useSigningInfo, useVerifyPdf } from '../api/signature-calls';
import { CheckTag, SigningStatusTag } from './signature-tags';
import '../signatures-texts';

const VERIFY_MB = 50;
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

/** The password asked again before one signature: signing is an act of its own. */
function SignDialog({
  target,
  task,
  onClose,
}: {
  target: ProjectTarget;
  task: SigningTask;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const sign = useSignTask(target);
  const submit = ({ password }: { password: string }) =>
    sign.mutate(
      { taskId: task.id, password },
      {
        onSuccess: () => {
          void message.success(t('signatures.signed'));
          onClose();
        },
        onError: (error) => {
          form.setFields([{ name: 'password', errors: [error.message] }]);
        },
      },
    );
  return (
    <Modal
      open
      title={t('signatures.signTitle', { field: task.fieldName })}
      okText={t('signatures.confirmSign')}
      okButtonProps={{ loading: sign.isPending, ...{ 'data-testid': 'sign-confirm' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {t('signatures.signIntro', {
          who: task.role === 'AGENCY' ? t('signatures.agencyCertificate') : t('signatures.yourCertificate'),
        })}
      </p>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('signatures.password')}
          rules={[{ required: true, message: t('signatures.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" autoFocus data-testid="sign-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ChecksTable({ checks }: { checks: SignatureCheck[] }) {
  const { t } = useTranslation();
  return (
    <Table<SignatureCheck>
      rowKey={(c, i) => `${c.field}-${i ?? 0}`}
      size="small"
      pagination={false}
      dataSource={checks}
      data-testid="signature-checks"
      scroll={{ x: 900 }}
      locale={{ emptyText: t('signatures.noSignatures') }}
      columns={[
        { title: t('signatures.field'), dataIndex: 'field' },
        { title: t('signatures.signer'), dataIndex: 'signer' },
        { title: t('signatures.organization'), dataIndex: 'organization' },
        { title: t('signatures.signedAt'), render: (_, c) => time(c.signedAt) },
        {
          // PAdES B-T: the time a timestamp authority vouches for, over this signature.
          title: t('signatures.timestamp'),
          render: (_, c) =>
            !c.timestamp ? (
              t('signatures.timestampNone')
            ) : c.timestamp.intact ? (
              <span data-testid="signature-timestamp">
                {time(c.timestamp.time)}
                <br />
                <span style={{ fontSize: 12 }}>{c.timestamp.authority}</span>
              </span>
            ) : (
              <CheckTag good={false} yes="" no={t('signatures.timestampBad')} />
            ),
        },
        {
          title: t('signatures.intact'),
          render: (_, c) => (
            <CheckTag good={c.intact} yes={t('signatures.intactYes')} no={t('signatures.intactNo')} />
          ),
        },
        {
          title: t('signatures.trusted'),
          render: (_, c) => (
            <CheckTag good={c.trusted} yes={t('signatures.trustedYes')} no={t('signatures.trustedNo')} />
          ),
        },
        {
          title: t('signatures.wholeFile'),
          render: (_, c) => (c.wholeFile ? t('signatures.wholeFileYes') : t('signatures.wholeFileNo')),
        },
        {
          title: t('signatures.serial'),
          render: (_, c) => (
            <span style={{ wordBreak: 'break-all', fontSize: 12 }}>{c.certificateSerial}</span>
          ),
        },
        { title: t('signatures.issuer'), dataIndex: 'issuer' },
      ]}
    />
  );
}

/** Checks a PDF the reader holds against what the platform issued. */
function VerifyCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const verify = useVerifyPdf(orgId);
  const [result, setResult] = useState<SignatureVerification | null>(null);
  return (
    <Card title={t('signatures.verifyTitle')} size="small" data-testid="signature-verify">
      <p>{t('signatures.verifyIntro')}</p>
      <Upload
        accept=".pdf,application/pdf"
        showUploadList={false}
        beforeUpload={(picked) => {
          if (picked.size > VERIFY_MB * 1024 * 1024)
            void message.error(t('signatures.verifyTooLarge', { mb: VERIFY_MB }));
          else
            verify.mutate(picked, {
              onSuccess: setResult,
              onError: (error) => {
                setResult(null);
                void message.error(error.message);
              },
            });
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} loading={verify.isPending}>
          {t('signatures.verifyChoose')}
        </Button>
      </Upload>
      {result && (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 16 }} data-testid="verify-result">
          <Alert
            type={result.issued ? 'success' : 'warning'}
            showIcon
            title={
              result.issued
                ? t('signatures.verifyIssued', {
                    kind: SIGNED_DOCUMENT_KINDS[result.issued.kind][currentLocale()],
                    name: result.issued.name,
                    project: result.issued.projectName,
                  })
                : t('signatures.verifyNotIssued')
            }
          />
          <span style={{ wordBreak: 'break-all' }}>SHA-256：{result.sha256}</span>
          <ChecksTable checks={result.signatures} />
        </Space>
      )}
    </Card>
  );
}

/**
 * One signed document (`signature/detail/{id}`): who signs what in which order and who has, the
 * signer's own step (password again), each signature of the current file as verified, the file
 * drawn in the page, and a check of any copy the reader holds.
 */
export function SignatureDetail({
  target,
  id,
  listPath,
  sheets,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
  /** The sheets of a drawing set (another feature's), given the table its signatures are shown in. */
  sheets?: (setId: string, checks: (signatures: SignatureCheck[]) => ReactNode) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const info = useSigningInfo(target, id);
  const doc = info.data?.document;
  const link = useSignedViewLink(target, id, doc?.file?.sha256);
  const [signing, setSigning] = useState<SigningTask | null>(null);
  if (info.isError)
    return (
      <Card title={t('signatures.detailTitle')}>
        <Alert type="error" showIcon title={t('signatures.loadFailed', { message: info.error.message })} />
        <Link to={listPath}>{t('signatures.back')}</Link>
      </Card>
    );
  if (!doc || !info.data) return <Card title={t('signatures.detailTitle')} loading />;
  const locale = currentLocale();
  const mine = doc.tasks.filter((task) => task.canSign);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="signature-detail">
      <Card
        title={`${SIGNED_DOCUMENT_KINDS[doc.kind][locale]} ${doc.name}`}
        extra={
          doc.file && (
            <Button
              icon={<DownloadOutlined />}
              disabled={!link.data}
              onClick={() =>
                link.data &&
                void downloadFile(
                  `${link.data.url}?download=1`,
                  `${SIGNED_DOCUMENT_KINDS[doc.kind][locale]} ${doc.name}.pdf`,
                ).catch((error: Error) => void message.error(error.message))
              }
            >
              {t('signatures.download')}
            </Button>
          )
        }
      >
        {mine.length > 0 && (
          <Alert
            type="info"
            showIcon
            icon={<SafetyCertificateOutlined />}
            style={{ marginBottom: 16 }}
            title={t('signatures.mine')}
            action={
              <Button type="primary" onClick={() => setSigning(mine[0]!)} data-testid="sign-mine">
                {t('signatures.sign')}
              </Button>
            }
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'progress',
              label: t('signatures.progress'),
              children: (
                <span data-testid="signature-progress">
                  {t('signatures.progressText', { signed: doc.signed, total: doc.total })}
                  {doc.complete ? `（${t('signatures.complete')}）` : ''}
                </span>
              ),
            },
            {
              key: 'round',
              label: t('signatures.round'),
              children: doc.round ? t('signatures.roundText', { round: doc.round }) : '—',
            },
            ...(doc.file
              ? [
                  {
                    key: 'sha',
                    label: t('signatures.sha256'),
                    span: 2,
                    children: <span style={{ wordBreak: 'break-all' }}>{doc.file.sha256}</span>,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title={t('signatures.tasksTitle')} size="small">
        <Table<SigningTask>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={doc.tasks}
          data-testid="signing-tasks"
          scroll={{ x: 720 }}
          columns={[
            { title: t('signatures.step'), dataIndex: 'step', width: 64 },
            { title: t('signatures.role'), render: (_, task) => SIGNING_ROLES[task.role][locale] },
            { title: t('signatures.specialty'), render: (_, task) => task.specialtyName ?? '—' },
            { title: t('signatures.signer'), render: (_, task) => task.signerName ?? '—' },
            { title: t('signatures.status'), render: (_, task) => <SigningStatusTag status={task.status} /> },
            { title: t('signatures.signedAt'), render: (_, task) => time(task.signedAt) },
            {
              title: t('signatures.actions'),
              render: (_, task) =>
                task.canSign ? (
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => setSigning(task)}
                    aria-label={`${t('signatures.sign')} ${task.fieldName}`}
                  >
                    {t('signatures.sign')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
      {doc.kind === 'DRAWING_SET' && sheets ? (
        // A set has no file of its own: each sheet carries its signatures.
        sheets(doc.id, (checks) => <ChecksTable checks={checks} />)
      ) : (
        <Card title={t('signatures.checksTitle')} size="small">
          <p>{t('signatures.checksIntro')}</p>
          <ChecksTable checks={info.data.signatures} />
        </Card>
      )}
      <VerifyCard orgId={target.orgId} />
      {doc.file && link.data && (
        <PdfPages
          source={link.data.url}
          testId="signature-pages"
          pageLabel={t('signatures.pageLabel', { page: '{page}', total: '{total}' })}
          failedText={t('signatures.pdfFailed')}
        />
      )}
      <Link to={listPath}>{t('signatures.back')}</Link>
      {signing && <SignDialog target={target} task={signing} onClose={() => setSigning(null)} />}
    </Space>
  );
}
