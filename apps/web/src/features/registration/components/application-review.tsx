import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ORG_TYPE_LABELS, QUALIFICATION_TYPES, qualificationGradeLabel } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { sessionStore } from '../../../lib/session-store';
import { useApplication, useApprove, useReject } from '../api/registration-calls';
import { STATUS_COLORS } from './application-list';

/** The licence needs the bearer token, so it is fetched and shown from a blob URL. */
function useLicenceUrl(id: string) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | undefined;
    void fetch(`/api/admin/org-applications/${id}/licence`, {
      headers: { authorization: `Bearer ${sessionStore.token() ?? ''}` },
    })
      .then((r) => (r.ok ? r.blob() : undefined))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url;
}

/** Everything an applicant submitted, the licence beside it, and the decision. */
export function ApplicationReview({ id, onDecided }: { id: string; onDecided: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const application = useApplication(id);
  const approve = useApprove(id);
  const reject = useReject(id);
  const licenceUrl = useLicenceUrl(id);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();

  if (application.isError) return <Alert type="error" showIcon title={application.error.message} />;
  const a = application.data;
  const fail = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.message : String(error));

  return (
    <Card
      loading={application.isPending}
      title={
        a && (
          <Space>
            {t('register.reviewTitle')}：{a.name}
            <Tag color={STATUS_COLORS[a.status]} data-testid="application-state">
              {t(`register.status.${a.status}`)}
            </Tag>
          </Space>
        )
      }
      extra={
        a?.status === 'PENDING' && (
          <Space>
            <Popconfirm
              title={t('register.confirmApprove', { name: a.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                try {
                  await approve.mutateAsync(undefined);
                  void message.success(t('register.approved'));
                  onDecided();
                } catch (error) {
                  fail(error);
                }
              }}
            >
              <Button type="primary" loading={approve.isPending} data-testid="approve">
                {t('register.approve')}
              </Button>
            </Popconfirm>
            <Button danger onClick={() => setRejecting(true)} data-testid="reject">
              {t('register.reject')}
            </Button>
          </Space>
        )
      }
    >
      {a && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {a.rejectReason && (
            <Alert
              type="warning"
              showIcon
              title={t('register.rejectedBecause', { reason: a.rejectReason })}
            />
          )}
          <Descriptions bordered column={{ xs: 1, md: 2 }} data-testid="application-detail">
            <Descriptions.Item label={t('orgs.type')}>{ORG_TYPE_LABELS[a.orgType][locale]}</Descriptions.Item>
            <Descriptions.Item label={t('orgs.creditCode')}>{a.creditCode}</Descriptions.Item>
            <Descriptions.Item label={t('orgs.region')}>{a.region}</Descriptions.Item>
            <Descriptions.Item label={t('orgs.address')}>{a.address}</Descriptions.Item>
            <Descriptions.Item label={t('orgs.legalRepresentative')}>
              {a.legalRepresentative}
            </Descriptions.Item>
            <Descriptions.Item
              label={t('orgs.contact')}
            >{`${a.contactName} · ${a.contactPhone}`}</Descriptions.Item>
            <Descriptions.Item label={t('qualification.type')}>
              {a.qualificationType ? QUALIFICATION_TYPES[a.qualificationType].label[locale] : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orgs.qualificationGrade')}>
              {qualificationGradeLabel(a.qualificationGrade, locale) ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('orgs.qualificationNo')}>
              {a.qualificationNo ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('qualification.validUntil')}>
              {a.qualificationValidUntil ? (
                <span data-testid="qualification-valid-until">
                  {a.qualificationValidUntil}
                  {a.qualificationValidUntil < dayjs().format('YYYY-MM-DD') && (
                    <Tag color="red" style={{ marginLeft: 8 }}>
                      {t('qualification.expired')}
                    </Tag>
                  )}
                </span>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('register.adminAccount')}>
              {`${a.admin.name}（${a.admin.username}） · ${a.admin.phone}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('register.submittedAt')}>
              {dayjs(a.updatedAt).format('YYYY-MM-DD HH:mm')}
            </Descriptions.Item>
          </Descriptions>
          <Card
            size="small"
            title={`${t('register.licence')}：${a.licence.fileName}`}
            extra={
              licenceUrl && (
                <a href={licenceUrl} target="_blank" rel="noreferrer">
                  {t('register.openLicence')}
                </a>
              )
            }
          >
            {licenceUrl &&
              (a.licence.contentType === 'application/pdf' ? (
                <iframe
                  src={licenceUrl}
                  title={a.licence.fileName}
                  style={{ width: '100%', height: 520, border: 0 }}
                />
              ) : (
                <img
                  src={licenceUrl}
                  alt={a.licence.fileName}
                  style={{ maxWidth: '100%' }}
                  data-testid="licence-image"
                />
              ))}
          </Card>
        </Space>
      )}
      <Modal
        open={rejecting}
        title={t('register.reject')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        confirmLoading={reject.isPending}
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          const { reason } = await form.validateFields();
          try {
            await reject.mutateAsync(reason);
            void message.success(t('register.rejected'));
            setRejecting(false);
            onDecided();
          } catch (error) {
            fail(error);
          }
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('register.rejectReason')}
            rules={[
              { required: true, min: 2, whitespace: true, message: t('register.rejectReasonRequired') },
            ]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
