import { useState } from 'react';
import { App, Button, Space, Typography, Upload } from 'antd';
import { UploadOutlined, FileDoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LICENCE_MAX_BYTES } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import { uploadLicence } from '../api/registration-calls';

/** Form control holding the uploaded licence's file id; the server judges the file by content. */
export function LicenceUpload({
  id,
  value,
  onChange,
  initialName,
}: {
  id?: string;
  value?: string;
  onChange?: (fileId: string | undefined) => void;
  initialName?: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [name, setName] = useState<string | undefined>(initialName);
  const [busy, setBusy] = useState(false);
  return (
    <Space id={id} orientation="vertical">
      <Upload
        accept=".pdf,.png,.jpg,.jpeg"
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > LICENCE_MAX_BYTES) {
            void message.error(t('register.licenceTooLarge'));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setBusy(true);
          uploadLicence(file as File)
            .then((result) => {
              setName(`${result.fileName}（${(result.size / 1024).toFixed(0)} KB）`);
              onChange?.(result.fileId);
            })
            .catch((error: unknown) => {
              void message.error(error instanceof ApiError ? error.message : String(error));
              onChange?.(undefined);
            })
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="licence-upload">
          {value ? t('register.licenceReplace') : t('register.licenceChoose')}
        </Button>
      </Upload>
      {value && name && (
        <Typography.Text type="success" data-testid="licence-name">
          <FileDoneOutlined /> {name}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{t('register.licenceHint')}</Typography.Text>
    </Space>
  );
}
