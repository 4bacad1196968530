import { Alert, App, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  FILING_LIMITS,
  SPECIAL_REVIEW_RESULTS,
  SPECIAL_REVIEW_RESULT_KEYS,
  type FilingInput,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useFileCertificate, useProjectFilings } from '../api/filing-calls';
import { FilingTable } from './filing-table';
import '../filings-texts';

/**
 * The application's filings (`filing` in the audit area): the agency's deciders file the issued
 * certificate here, stating what the national record asks that the certificate cannot know, and
 * file again after a rejection; every attempt stays listed.
 */
export function ProjectFilingList({
  target,
  detailPath,
}: {
  target: ProjectTarget;
  detailPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FilingInput>();
  const list = useProjectFilings(target);
  const file = useFileCertificate(target);
  const state = list.data?.file;
  const rejectedBefore = list.data?.items[0]?.status === 'REJECTED';
  const options = SPECIAL_REVIEW_RESULT_KEYS.map((value) => ({
    value,
    label: SPECIAL_REVIEW_RESULTS[value][currentLocale()],
  }));
  const submit = (input: FilingInput) =>
    file.mutate(input, {
      onSuccess: () => {
        void message.success(t('filings.filed'));
        form.resetFields();
      },
      onError: (error) => void message.error(error.message),
    });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="filing-list">
      {list.isError && (
        <Alert type="error" showIcon title={t('filings.loadFailed', { message: list.error.message })} />
      )}
      {state?.blocker && (
        <Alert
          type="info"
          showIcon
          title={t('filings.cannotFile', { reason: state.blocker })}
          data-testid="filing-blocker"
        />
      )}
      {state?.allowed && (
        <Card title={t('filings.fileTitle')} data-testid="filing-form">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="filing-hint"
            title={
              state.dueOn
                ? t('filings.fileHint', {
                    no: state.certificateNo,
                    due: state.dueOn,
                    days: FILING_LIMITS.workingDays,
                  })
                : t('filings.fileHintNoDue', { no: state.certificateNo, days: FILING_LIMITS.workingDays })
            }
            description={
              state.authorities.length > 0
                ? t('filings.fileTo', { names: state.authorities.join('、') })
                : undefined
            }
          />
          {state.authorities.length === 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('filings.noAuthority')}
              data-testid="filing-no-authority"
            />
          )}
          <Form<FilingInput>
            form={form}
            layout="vertical"
            style={{ maxWidth: 560 }}
            initialValues={{
              jointReview: false,
              fireReview: 'PASSED',
              civilDefenceReview: 'NOT_APPLICABLE',
              remark: '',
            }}
            onFinish={submit}
          >
            <Form.Item name="jointReview" label={t('filings.jointReview')}>
              <Radio.Group
                options={[
                  { value: true, label: t('filings.yes') },
                  { value: false, label: t('filings.no') },
                ]}
              />
            </Form.Item>
            <Form.Item name="fireReview" label={t('filings.fireReview')}>
              <Select options={options} />
            </Form.Item>
            <Form.Item name="civilDefenceReview" label={t('filings.civilDefenceReview')}>
              <Select options={options} />
            </Form.Item>
            <Form.Item name="remark" label={t('filings.remark')}>
              <Input.TextArea rows={2} maxLength={FILING_LIMITS.remarkMax} showCount />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SendOutlined />}
              loading={file.isPending}
              data-testid="filing-submit"
            >
              {rejectedBefore ? t('filings.fileAgain') : t('filings.file')}
            </Button>
          </Form>
        </Card>
      )}
      <Card title={t('filings.listTitle')}>
        <FilingTable
          items={list.data?.items ?? []}
          loading={list.isPending}
          detailPath={detailPath}
          withProject={false}
          testId="filing-table"
        />
      </Card>
    </Space>
  );
}
