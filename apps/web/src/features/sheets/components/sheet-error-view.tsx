import { Button, Result } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** What stands where the sheet cannot: why, and the original to download instead. */
export function SheetErrorView({
  message,
  downloadUrl,
  code,
}: {
  message: string;
  downloadUrl: string | undefined;
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      className="sheet-error"
      title={<span role="alert">{message}</span>}
      data-testid="sheet-error"
      data-code={code}
      extra={
        downloadUrl && (
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={downloadUrl}
            data-testid="sheet-error-download"
          >
            {t('sheets.download')}
          </Button>
        )
      }
    />
  );
}
