import { useEffect } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Building } from '@drp/domain';
import { useBuildingRules } from '../hooks/use-building-rules';

/** Asks for the name of a copy; the copy keeps basic data, units, hazard sources and design info. */
export function CopyBuildingModal({
  building,
  busy,
  onCopy,
  onClose,
}: {
  building: Building | null;
  busy: boolean;
  onCopy: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rules = useBuildingRules();
  useEffect(() => {
    if (building) form.setFieldsValue({ name: t('buildings.copy.defaultName', { name: building.name }) });
  }, [building, form, t]);

  return (
    <Modal
      open={Boolean(building)}
      title={t('buildings.copy.title', { name: building?.name ?? '' })}
      okText={t('buildings.copy.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async ({ name }) => {
            if (await onCopy(name.trim())) onClose();
          })
          .catch(() => undefined)
      }
      data-testid="copy-building-modal"
    >
      <Form form={form} name="copyBuilding" layout="vertical" preserve={false} autoComplete="off">
        <Form.Item name="name" label={t('buildings.copy.name')} rules={rules.copyName}>
          <Input maxLength={100} data-testid="copy-building-name" />
        </Form.Item>
      </Form>
      <Alert type="info" showIcon title={t('buildings.copy.hint')} />
    </Modal>
  );
}

/** The review agency's reason for sending a building back; the units see it with the building. */
export function RejectBuildingModal({
  buildings,
  busy,
  onReject,
  onClose,
}: {
  buildings: Building[] | null;
  busy: boolean;
  onReject: (reason: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const rules = useBuildingRules();
  const names = (buildings ?? []).map((b) => `「${b.name}」`).join('');

  return (
    <Modal
      open={Boolean(buildings?.length)}
      title={t('buildings.reject.title', { names })}
      okText={t('buildings.reject.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then(async ({ reason }) => {
            if (await onReject(reason.trim())) onClose();
          })
          .catch(() => undefined)
      }
      data-testid="reject-building-modal"
    >
      <Form form={form} name="rejectBuilding" layout="vertical" preserve={false} autoComplete="off">
        <Form.Item
          name="reason"
          label={t('buildings.reject.reason')}
          extra={t('buildings.reject.hint')}
          rules={rules.reason}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
