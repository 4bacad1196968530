import { Alert, App, Button, Card, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ANSWER_LISTS, type AnswerList } from '@drp/domain';
import { PdfPages } from '../../../components/pdf-pages';
import { currentLocale } from '../../../config/i18n';
import { downloadFile } from '../../../lib/http';
import { actingAs, type ProjectTarget } from '../../../lib/project-target';
import { answerLetterUrl, useAnswerLetter } from '../api/get-answer-letter';
import '../answers-texts';

/**
 * The spec's `answerCensorConstRes/pdf/{id}` and `answerCensorEnergyRes/pdf/{id}`: the answer
 * letter (意见回复单) of one round's version, drawn in the page, with its download. The agency and
 * the authorities see the answers the construction unit has sent; the server says when there are none.
 */
export function AnswerLetter({
  target,
  versionId,
  list,
  listPath,
}: {
  target: ProjectTarget;
  versionId: string;
  list: AnswerList;
  listPath: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { data, error } = useAnswerLetter(target, versionId, list);
  const title = t('answers.letterTitle', { list: ANSWER_LISTS[list][currentLocale()] });
  const download = () =>
    downloadFile(answerLetterUrl(target, versionId, list, true), `${title}.pdf`, {
      headers: actingAs(target.orgId),
    }).catch((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)));
  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>}
      extra={
        <Space>
          <Link to={listPath}>{t('answers.back')}</Link>
          {data && (
            <Button onClick={() => void download()} data-testid="answer-letter-download">
              {t('answers.letterDownload')}
            </Button>
          )}
        </Space>
      }
      data-testid="answer-letter"
    >
      {error && <Alert type="warning" showIcon title={error.message} data-testid="answer-letter-error" />}
      {data && (
        <PdfPages
          source={data}
          testId="answer-letter-pages"
          pageLabel={t('answers.letterPage', { page: '{page}', total: '{total}' })}
          failedText={t('answers.letterFailed')}
        />
      )}
    </Card>
  );
}
