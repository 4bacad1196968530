import { useState } from 'react';
import { Alert, Descriptions, Result } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_CONCLUSIONS, type ReportCheck as Check } from '@drp/domain';
import { PublicCheckForm } from '../../../components/public-check-form';
import { currentLocale } from '../../../config/i18n';
import { ApiError, request, toQueryString } from '../../../lib/http';
import '../reports-texts';

/**
 * The public check a report's QR code opens (`/common/verify?no=…&c=…`): anyone, signed in or not,
 * reads what the agency issued under that number, and the SHA-256 of the PDF to compare a copy
 * with. Both the number and the check code are needed, so numbers cannot be tried one by one.
 */
export function ReportCheck({ initial }: { initial: { no: string; c: string } }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [asked, setAsked] = useState(initial);
  const check = useQuery({
    queryKey: ['reportCheck', asked.no, asked.c],
    queryFn: ({ signal }) => request<Check>(`/api/portal/reportCheck?${toQueryString(asked)}`, { signal }),
    enabled: asked.no !== '' && asked.c !== '',
    retry: false,
    // A wrong number or code is an answer of this page, not a missing page (the app's 404 route).
    throwOnError: false,
  });
  const missing = check.error instanceof ApiError && check.error.status === 404;
  return (
    <PublicCheckForm
      title={t('reports.checkTitle')}
      initial={initial}
      onCheck={setAsked}
      texts={{
        no: t('reports.reportNo'),
        code: t('reports.checkCode'),
        submit: t('reports.checkSubmit'),
        noRequired: t('reports.checkNoRequired'),
        codeRequired: t('reports.checkCodeRequired'),
      }}
    >
      {missing && (
        <Alert type="warning" showIcon title={t('reports.checkMissing')} data-testid="report-check-missing" />
      )}
      {check.isError && !missing && <Alert type="error" showIcon title={check.error.message} />}
      {check.data && (
        <>
          <Result status="success" title={t('reports.checkValid')} style={{ padding: '8px 0 16px' }} />
          <Descriptions
            bordered
            size="small"
            column={1}
            data-testid="report-check"
            items={[
              { key: 'no', label: t('reports.reportNo'), children: check.data.reportNo },
              { key: 'project', label: t('reports.checkProject'), children: check.data.projectName },
              { key: 'agency', label: t('reports.checkAgency'), children: check.data.agencyName },
              {
                key: 'round',
                label: t('reports.round'),
                children: t('reports.roundText', { round: check.data.round }),
              },
              {
                key: 'conclusion',
                label: t('reports.conclusion'),
                children: REPORT_CONCLUSIONS[check.data.conclusion][locale],
              },
              {
                key: 'forwarded',
                label: t('reports.forwardedAt'),
                children: check.data.forwardedOn ?? '—',
              },
              {
                key: 'sha',
                label: t('reports.sha256'),
                children: <span style={{ wordBreak: 'break-all' }}>{check.data.sha256 ?? '—'}</span>,
              },
            ]}
          />
        </>
      )}
    </PublicCheckForm>
  );
}
