import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Unknown paths, and pages whose record is missing or whose id is malformed (lib/not-found). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main>
      <Result
        status="404"
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" onClick={() => void navigate('/')}>
            {t('common.backHome')}
          </Button>
        }
      />
    </main>
  );
}
