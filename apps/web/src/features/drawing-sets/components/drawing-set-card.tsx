import { Alert, App, Button, Card, Descriptions } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProjectTarget } from '../../../lib/project-target';
import { useCompileDrawingSet, useDrawingSetPage } from '../api/drawing-set-calls';
import '../drawing-sets-texts';

/**
 * The sealed drawing set on the agency's certificate screen: its state, and the agency's admin
 * or director prepares it (again, until the first signature) or reads why not. Its signing and its
 * sheets are on the signature screens.
 */
export function DrawingSetCard({
  target,
  signaturePath,
}: {
  target: ProjectTarget;
  signaturePath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const page = useDrawingSetPage(target);
  const compile = useCompileDrawingSet(target);
  const set = page.data?.set;
  const allowed = page.data?.compile.allowed ?? false;
  const blocker = page.data?.compile.blocker;
  return (
    <Card
      title={t('drawingSets.title')}
      loading={page.isPending}
      data-testid="drawing-set-card"
      extra={
        allowed ? (
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={compile.isPending}
            data-testid="drawing-set-compile"
            onClick={() =>
              compile.mutate(undefined, {
                onSuccess: () => void message.success(t('drawingSets.compiled')),
                onError: (error) => void message.error(error.message),
              })
            }
          >
            {set ? t('drawingSets.compileAgain') : t('drawingSets.compile')}
          </Button>
        ) : null
      }
    >
      <p>{t('drawingSets.intro')}</p>
      {page.isError && (
        <Alert type="error" showIcon title={t('drawingSets.loadFailed', { message: page.error.message })} />
      )}
      {blocker && !set && (
        <Alert
          type="info"
          showIcon
          title={t('drawingSets.cannotCompile', { reason: blocker })}
          data-testid="drawing-set-blocker"
        />
      )}
      {set ? (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="drawing-set-summary"
          items={[
            { key: 'status', label: t('drawingSets.status'), children: t(`drawingSets.status${set.status}`) },
            {
              key: 'version',
              label: t('drawingSets.version'),
              children: t('drawingSets.versionText', { number: set.versionNumber }),
            },
            {
              key: 'sheets',
              label: t('drawingSets.sheets'),
              children: (
                <>
                  {t('drawingSets.sheetsText', { sheets: set.sheets })}
                  {set.skipped > 0 && <div>{t('drawingSets.skipped', { count: set.skipped })}</div>}
                </>
              ),
            },
            {
              key: 'sealed',
              label: t('drawingSets.sealedSheets'),
              children: t('drawingSets.sealedSheetsText', { sealed: set.sealedSheets, sheets: set.sheets }),
            },
            {
              key: 'signing',
              label: t('drawingSets.signing'),
              children: (
                <Link to={signaturePath(set.id)} data-testid="drawing-set-open">
                  {t('drawingSets.signingText', set.signing)} · {t('drawingSets.open')}
                </Link>
              ),
            },
          ]}
        />
      ) : (
        !blocker && !page.isPending && <p>{t('drawingSets.none')}</p>
      )}
    </Card>
  );
}
