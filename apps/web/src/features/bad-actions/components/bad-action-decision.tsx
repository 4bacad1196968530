import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { BAD_ACTION_LIMITS, type BadAction } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useDecideBadAction } from '../api/decide-bad-action';
import '../bad-actions-texts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The steps that end a RECORDED bad action, each shown only when the server's `can` allows it:
 * the agency withdraws; the region's supervising authority confirms (publishing it) or rejects
 * with a reason.
 */
export function BadActionDecision({ target, badAction }: { target: ProjectTarget; badAction: BadAction }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideBadAction(target);
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const { can, id } = badAction;
  if (!can.withdraw && !can.confirm && !can.reject) return null;

  const run = async (step: 'withdraw' | 'confirm', done: string) => {
    try {
      await decide.mutateAsync({ step, id });
      void message.success(done);
    } catch (error) {
      void message.error(messageOf(error));
    }
  };
  const reject = async () => {
    const { reason } = await form.validateFields();
    try {
      await decide.mutateAsync({ step: 'reject', id, reason });
      setRejecting(false);
      form.resetFields();
      void message.success(t('badActions.rejected'));
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  return (
    <Space wrap>
      {can.withdraw && (
        <Popconfirm
          title={t('badActions.withdrawConfirm')}
          okText={t('badActions.withdraw')}
          cancelText={t('badActions.cancel')}
          onConfirm={() => run('withdraw', t('badActions.withdrawn'))}
        >
          <Button danger loading={decide.isPending} data-testid="bad-action-withdraw">
            {t('badActions.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {can.confirm && (
        <Popconfirm
          title={t('badActions.confirmTitle')}
          description={<div style={{ maxWidth: 320 }}>{t('badActions.confirmText')}</div>}
          okText={t('badActions.confirm')}
          cancelText={t('badActions.cancel')}
          onConfirm={() => run('confirm', t('badActions.confirmed'))}
        >
          <Button type="primary" loading={decide.isPending} data-testid="bad-action-confirm">
            {t('badActions.confirm')}
          </Button>
        </Popconfirm>
      )}
      {can.reject && (
        <Button danger onClick={() => setRejecting(true)} data-testid="bad-action-reject">
          {t('badActions.reject')}
        </Button>
      )}
      <Modal
        open={rejecting}
        title={t('badActions.rejectTitle')}
        okText={t('badActions.reject')}
        cancelText={t('badActions.cancel')}
        okButtonProps={{ danger: true, loading: decide.isPending }}
        onOk={() => void reject()}
        onCancel={() => setRejecting(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('badActions.rejectReasonLabel')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('badActions.required', { field: t('badActions.rejectReasonLabel') }),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={BAD_ACTION_LIMITS.reasonMax} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
