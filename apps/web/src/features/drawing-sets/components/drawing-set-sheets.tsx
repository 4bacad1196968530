import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Modal, Space, Spin, Table } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DrawingSetSheet, SignatureCheck } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { downloadSheet, useDrawingSet, useSheetVerification } from '../api/drawing-set-calls';
import '../drawing-sets-texts';

/**
 * The sheets of a sealed set on its signature screen (`signature/detail/{id}`): where each lies,
 * how many of its signatures are on it, its download, and its signatures checked one sheet at a
 * time (each check reads the whole file). `checks` renders the signature table the screen uses
 * for every document.
 */
export function DrawingSetSheets({
  target,
  id,
  checks,
}: {
  target: ProjectTarget;
  id: string;
  checks: (signatures: SignatureCheck[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const set = useDrawingSet(target, id);
  const [checking, setChecking] = useState<DrawingSetSheet | null>(null);
  const verification = useSheetVerification(target, checking?.id ?? null);
  return (
    <Card title={t('drawingSets.sheetsTitle')} size="small" data-testid="drawing-set-sheets">
      <p>{t('drawingSets.sheetsIntro')}</p>
      {set.isError && (
        <Alert type="error" showIcon title={t('drawingSets.loadFailed', { message: set.error.message })} />
      )}
      <Table<DrawingSetSheet>
        rowKey="id"
        size="small"
        loading={set.isPending}
        dataSource={set.data?.items ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 800 }}
        columns={[
          {
            title: t('drawingSets.name'),
            render: (_, s) => (
              <Space orientation="vertical" size={0}>
                <span>{s.name}</span>
                {s.failure && (
                  <span style={{ color: '#a8071a' }}>{t('drawingSets.failure', { reason: s.failure })}</span>
                )}
              </Space>
            ),
          },
          { title: t('drawingSets.path'), dataIndex: 'path' },
          { title: t('drawingSets.specialty'), render: (_, s) => s.specialtyName ?? '—' },
          {
            title: t('drawingSets.progress'),
            render: (_, s) => (
              <span data-testid="sheet-progress">
                {t('drawingSets.progressText', { signed: s.signed, total: s.total })}
              </span>
            ),
          },
          {
            title: t('drawingSets.actions'),
            render: (_, s) => (
              <Space>
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  aria-label={`${t('drawingSets.download')} ${s.name}`}
                  onClick={() =>
                    void downloadSheet(target, s).catch((error: Error) => void message.error(error.message))
                  }
                >
                  {t('drawingSets.download')}
                </Button>
                <Button
                  size="small"
                  icon={<SafetyCertificateOutlined />}
                  aria-label={`${t('drawingSets.verify')} ${s.name}`}
                  onClick={() => setChecking(s)}
                  data-testid="sheet-verify"
                >
                  {t('drawingSets.verify')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {checking && (
        <Modal
          open
          width={1000}
          title={t('drawingSets.verifyTitle', { name: checking.name })}
          footer={null}
          onCancel={() => setChecking(null)}
        >
          {verification.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('drawingSets.loadFailed', { message: verification.error.message })}
            />
          ) : verification.data ? (
            <div data-testid="sheet-checks">{checks(verification.data.signatures)}</div>
          ) : (
            <Spin />
          )}
        </Modal>
      )}
    </Card>
  );
}
