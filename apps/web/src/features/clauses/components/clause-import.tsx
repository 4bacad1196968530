import { useState } from 'react';
import { Alert, App, Button, Space, Table, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CLAUSE_LIMITS, parseClauseCsv, type ClauseCsvProblem } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useImportClauses } from '../api/import-clauses';
import { useSpecialtyNames } from '../api/get-specialties';

/** The problems the server named, when it refused a file the preview passed (a race, a limit). */
const problemsOf = (error: unknown): ClauseCsvProblem[] | undefined => {
  if (!(error instanceof ApiError) || typeof error.detail !== 'object' || error.detail === null)
    return undefined;
  const { problems } = error.detail as { problems?: ClauseCsvProblem[] };
  return Array.isArray(problems) ? problems : undefined;
};

/**
 * Imports a standard's clauses from CSV: the file is checked in the browser with the same parser
 * the server uses, so every bad row shows before anything is sent; the server checks again and
 * imports all or nothing.
 */
export function ClauseImport({ standardId, disabled }: { standardId: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const specialties = useSpecialtyNames();
  const importing = useImportClauses(standardId);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [serverProblems, setServerProblems] = useState<ClauseCsvProblem[] | null>(null);

  const preview =
    file && specialties.size > 0 ? parseClauseCsv(file.text, new Set(specialties.keys())) : null;
  const problems = serverProblems ?? preview?.problems ?? [];

  const choose = async (chosen: File) => {
    setServerProblems(null);
    if (chosen.size > CLAUSE_LIMITS.importBytesMax) {
      void message.error(t('clauses.previewProblems', { count: 1 }));
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  };

  const send = async () => {
    if (!file) return;
    try {
      const result = await importing.mutateAsync(file.text);
      void message.success(t('clauses.imported', result));
      setFile(null);
    } catch (error) {
      const named = problemsOf(error);
      if (named) setServerProblems(named);
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <section aria-labelledby="clause-import-title">
      <Typography.Title level={2} id="clause-import-title" style={{ fontSize: 16 }}>
        {t('clauses.importTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('clauses.importHint')}</Typography.Paragraph>
      <Space wrap>
        <Upload
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          disabled={disabled}
          beforeUpload={(chosen) => {
            void choose(chosen);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {t('clauses.chooseFile')}
          </Button>
        </Upload>
        {file && <Typography.Text>{file.name}</Typography.Text>}
        {file && problems.length === 0 && preview && (
          <Button type="primary" loading={importing.isPending} onClick={() => void send()}>
            {t('clauses.doImport')}
          </Button>
        )}
      </Space>
      {file && preview && problems.length === 0 && (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={t('clauses.previewOk', { count: preview.rows.length })}
        />
      )}
      {problems.length > 0 && (
        <>
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 12 }}
            title={t('clauses.previewProblems', { count: problems.length })}
          />
          <Table<ClauseCsvProblem>
            size="small"
            rowKey={(p) => `${p.row}-${p.code}`}
            dataSource={problems}
            pagination={false}
            style={{ marginTop: 8 }}
            columns={[
              { title: t('clauses.row'), dataIndex: 'row', width: 80 },
              {
                title: t('clauses.column'),
                dataIndex: 'column',
                width: 120,
                render: (c?: string) => c ?? '—',
              },
              { title: t('clauses.problem'), render: (_, p) => p.message[locale] },
            ]}
          />
        </>
      )}
    </section>
  );
}
