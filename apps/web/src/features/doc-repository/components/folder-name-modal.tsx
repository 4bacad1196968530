import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOC_REPOSITORY_LIMITS } from '@drp/domain';

/** The characters the server refuses in a folder name (as `saveFolderRequest` does). */
const INVALID_NAME = /[\\/:*?"<>|\p{Cc}]/u;

/** Asks for a folder name, checked as the server checks it; `onOk` answers with the trimmed name. */
export function FolderNameModal({
  open,
  title,
  initialName,
  saving,
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  initialName?: string;
  saving: boolean;
  onOk: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initialName ?? '' });
  }, [form, initialName, open]);
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void form.validateFields().then((v) => onOk(v.name.trim()))}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="folder-name-modal"
    >
      <Form form={form} layout="vertical" name="docFolder" preserve={false}>
        <Form.Item
          name="name"
          label={t('docRepository.folderName')}
          rules={[
            { required: true, whitespace: true, message: t('docRepository.folderNameRequired') },
            {
              max: DOC_REPOSITORY_LIMITS.folderNameMax,
              message: t('docRepository.folderNameTooLong', { max: DOC_REPOSITORY_LIMITS.folderNameMax }),
            },
            {
              validator: (_, value: string | undefined) => {
                const v = value?.trim() ?? '';
                return INVALID_NAME.test(v) || v === '.' || v === '..'
                  ? Promise.reject(new Error(t('docRepository.folderNameInvalid')))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <Input autoFocus maxLength={DOC_REPOSITORY_LIMITS.folderNameMax} data-testid="folder-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
