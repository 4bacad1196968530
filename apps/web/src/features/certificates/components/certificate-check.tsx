import { useState } from 'react';
import { Alert, Button, Descriptions, Result, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PublicCheckForm } from '../../../components/public-check-form';
import { ApiError } from '../../../lib/http';
import { useCertificateCheck } from '../api/certificate-calls';
import '../certificates-texts';

/** The SHA-256 of a file the reader holds, computed in the browser: nothing is uploaded. */
async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The public check a certificate's QR code opens (`/common/verify/certificate?no=…&c=…`): anyone
 * reads whether the certificate is valid, superseded or revoked, what it certifies, who signed it,
 * and compares a PDF they hold with the issued file by its SHA-256. Both the number and the check
 * code are needed, so certificates cannot be walked number by number.
 */
export function CertificateCheck({ initial }: { initial: { no: string; c: string } }) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(initial);
  const [held, setHeld] = useState<{ name: string; sha256: string } | null>(null);
  const check = useCertificateCheck(asked);
  const missing = check.error instanceof ApiError && check.error.status === 404;
  const data = check.data;
  return (
    <PublicCheckForm
      title={t('certificates.checkTitle')}
      initial={initial}
      onCheck={setAsked}
      texts={{
        no: t('certificates.certificateNo'),
        code: t('certificates.checkCode'),
        submit: t('certificates.checkSubmit'),
        noRequired: t('certificates.checkNoRequired'),
        codeRequired: t('certificates.checkCodeRequired'),
      }}
    >
      {missing && (
        <Alert
          type="warning"
          showIcon
          title={t('certificates.checkMissing')}
          data-testid="certificate-check-missing"
        />
      )}
      {check.isError && !missing && <Alert type="error" showIcon title={check.error.message} />}
      {data && (
        <>
          {data.status === 'ISSUED' ? (
            <Result status="success" title={t('certificates.checkValid')} style={{ padding: '8px 0 16px' }} />
          ) : (
            <Result
              status="warning"
              title={
                data.status === 'REVOKED' ? t('certificates.checkRevoked') : t('certificates.checkSuperseded')
              }
              style={{ padding: '8px 0 16px' }}
            />
          )}
          <Descriptions
            bordered
            size="small"
            column={1}
            data-testid="certificate-check"
            items={[
              { key: 'no', label: t('certificates.certificateNo'), children: data.certificateNo },
              {
                key: 'project',
                label: t('certificates.project'),
                children: `${data.projectName}（${data.projectCode}）`,
              },
              { key: 'construct', label: t('certificates.checkConstruct'), children: data.constructName },
              { key: 'agency', label: t('certificates.checkAgency'), children: data.agencyName },
              { key: 'scope', label: t('certificates.specialties'), children: data.specialties.join('、') },
              { key: 'completed', label: t('certificates.completedOn'), children: data.completedOn },
              { key: 'issued', label: t('certificates.checkIssuedOn'), children: data.issuedOn ?? '—' },
              ...(data.revokedOn
                ? [{ key: 'revoked', label: t('certificates.checkRevokedOn'), children: data.revokedOn }]
                : []),
              ...(data.supersededBy
                ? [
                    {
                      key: 'superseded',
                      label: t('certificates.checkSupersededBy'),
                      children: data.supersededBy,
                    },
                  ]
                : []),
              {
                key: 'signers',
                label: t('certificates.checkSigners'),
                children: data.signers
                  .map((s) => `${s.role} ${s.name}${s.serial ? `（${s.serial}）` : ''}`)
                  .join('；'),
              },
              {
                key: 'sha',
                label: t('certificates.sha256'),
                children: <span style={{ wordBreak: 'break-all' }}>{data.sha256 ?? '—'}</span>,
              },
            ]}
          />
          <div style={{ marginTop: 16 }} data-testid="certificate-compare">
            <p style={{ marginBottom: 8 }}>{t('certificates.checkCompareHint')}</p>
            <Upload
              accept="application/pdf,.pdf"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(file) => {
                void sha256Of(file).then((sha256) => setHeld({ name: file.name, sha256 }));
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('certificates.checkCompare')}</Button>
            </Upload>
            {held && (
              <Alert
                style={{ marginTop: 12 }}
                type={held.sha256 === data.sha256 ? 'success' : 'error'}
                showIcon
                data-testid="certificate-compare-result"
                title={
                  held.sha256 === data.sha256 ? t('certificates.checkSame') : t('certificates.checkDifferent')
                }
                description={<span style={{ wordBreak: 'break-all' }}>{`${held.name}：${held.sha256}`}</span>}
              />
            )}
          </div>
        </>
      )}
    </PublicCheckForm>
  );
}
