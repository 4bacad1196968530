import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FILING_LIMITS, NATIONAL_FILING_FIELDS, SPECIAL_REVIEW_RESULTS } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useDecideFiling, useFiling } from '../api/filing-calls';
import { FilingStatusTag } from './filing-status-tag';
import '../filings-texts';

/**
 * One filing (`filing/detail/{filingId}` in the audit and supervise areas): what the agency
 * stated, the national reporting record, its state; the region's authority confirms it or
 * rejects it with a reason here.
 */
export function FilingDetail({ id, orgId, backPath }: { id: string; orgId?: string; backPath: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const filing = useFiling(id, orgId);
  const decide = useDecideFiling(id);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const data = filing.data;
  if (filing.isError)
    return (
      <Card title={t('filings.detailTitle')}>
        <Alert type="error" showIcon title={t('filings.loadFailed', { message: filing.error.message })} />
        <Link to={backPath}>{t('filings.back')}</Link>
      </Card>
    );
  if (!data) return <Card title={t('filings.detailTitle')} loading />;
  const run = (input: { decision: 'CONFIRM' | 'REJECT'; reason?: string }, done: string) =>
    decide.mutate(input, {
      onSuccess: () => {
        void message.success(done);
        setRejecting(false);
      },
      onError: (error) => void message.error(error.message),
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="filing-detail">
      <Card
        title={`${t('filings.detailTitle')} ${data.certificateNo}`}
        extra={
          data.can.decide && (
            <Space>
              <Button danger onClick={() => setRejecting(true)} data-testid="filing-reject">
                {t('filings.reject')}
              </Button>
              <Popconfirm
                title={t('filings.confirmTitle')}
                description={<div style={{ maxWidth: 320 }}>{t('filings.confirmText')}</div>}
                onConfirm={() => run({ decision: 'CONFIRM' }, t('filings.confirmed'))}
              >
                <Button type="primary" loading={decide.isPending} data-testid="filing-confirm">
                  {t('filings.confirm')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        {data.status === 'REJECTED' && data.reason && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={`${t('filings.reason')}：${data.reason}`}
          />
        )}
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="filing-facts"
          items={[
            { key: 'status', label: t('filings.status'), children: <FilingStatusTag status={data.status} /> },
            {
              key: 'attempt',
              label: t('filings.attempt'),
              children: t('filings.attemptText', { attempt: data.attempt }),
            },
            { key: 'project', label: t('filings.project'), children: data.projectName },
            { key: 'code', label: t('filings.projectCode'), children: data.projectCode },
            { key: 'agency', label: t('filings.agency'), children: data.agencyName },
            { key: 'no', label: t('filings.certificateNo'), children: data.certificateNo },
            {
              key: 'filed',
              label: t('filings.filedAt'),
              children: `${dayjs(data.filedAt).format('YYYY-MM-DD HH:mm')} ${data.filedBy}`,
            },
            {
              key: 'due',
              label: t('filings.dueOn'),
              children: (
                <>
                  {data.dueOn ?? '—'}{' '}
                  <Tag color={data.late ? 'orange' : 'green'}>
                    {data.late ? t('filings.late') : t('filings.onTime')}
                  </Tag>
                </>
              ),
            },
            {
              key: 'decided',
              label: t('filings.decidedAt'),
              children: data.decidedAt
                ? `${dayjs(data.decidedAt).format('YYYY-MM-DD HH:mm')} ${data.authorityName ?? ''} ${data.decidedBy ?? ''}`
                : '—',
            },
          ]}
        />
      </Card>
      <Card title={t('filings.statement')} size="small">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'joint',
              label: t('filings.jointReview'),
              children: data.input.jointReview ? t('filings.yes') : t('filings.no'),
            },
            {
              key: 'fire',
              label: t('filings.fireReview'),
              children: SPECIAL_REVIEW_RESULTS[data.input.fireReview][locale],
            },
            {
              key: 'civil',
              label: t('filings.civilDefenceReview'),
              children: SPECIAL_REVIEW_RESULTS[data.input.civilDefenceReview][locale],
            },
            { key: 'remark', label: t('filings.remark'), children: data.input.remark || '—' },
          ]}
        />
      </Card>
      <Card title={t('filings.national')} size="small">
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="filing-national"
          items={NATIONAL_FILING_FIELDS.map((field) => ({
            key: field,
            label: <code>{field}</code>,
            children: String(data.national[field] ?? '') || '—',
          }))}
        />
      </Card>
      <Link to={backPath}>{t('filings.back')}</Link>
      <Modal
        open={rejecting}
        title={t('filings.rejectTitle')}
        okText={t('filings.reject')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onCancel={() => setRejecting(false)}
        onOk={() =>
          void form
            .validateFields()
            .then((v) => run({ decision: 'REJECT', reason: v.reason }, t('filings.rejected')))
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('filings.rejectReason')}
            rules={[{ required: true, whitespace: true, message: t('filings.rejectReasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={FILING_LIMITS.reasonMax} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
