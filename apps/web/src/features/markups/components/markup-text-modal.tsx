import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MARKUP_LIMITS } from '@drp/domain';

/** Asks for the words of a text or callout just drawn; cancelling drops the shape. */
export function MarkupTextModal({
  kind,
  onOk,
  onCancel,
}: {
  kind: 'TEXT' | 'CALLOUT' | null;
  onOk: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);
  return (
    <Modal
      open={kind !== null}
      title={t('markups.textTitle')}
      okText={t('markups.ok')}
      cancelText={t('markups.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={({ text }) => onOk(text.trim())}>
        <Form.Item
          name="text"
          label={t('markups.textLabel')}
          rules={[{ required: true, whitespace: true, message: t('markups.textRequired') }]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={MARKUP_LIMITS.textMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
