import { App, Button, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPINION_PHRASE_SCOPES, type OpinionPhrase, type OpinionPhraseScope } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useDeletePhrase, usePhrases, useSavePhrase } from '../api/phrases-api';

const short = (text: string) => (text.length > 30 ? `${text.slice(0, 30)}…` : text);

/**
 * 常用意见 beside the opinion's text: the caller's own and the agency's, for the opinion's
 * specialty (and those for any); a phrase goes into the text, the text can become one's own phrase.
 */
export function PhrasePanel({
  orgId,
  specialty,
  currentText,
  onInsert,
}: {
  orgId: string;
  specialty: string | undefined;
  currentText: string;
  onInsert: (phrase: OpinionPhrase) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [scope, setScope] = useState<OpinionPhraseScope>('OWN');
  const phrases = usePhrases(orgId, specialty);
  const save = useSavePhrase(orgId);
  const remove = useDeletePhrase(orgId);
  const items = (phrases.data?.items ?? []).filter((p) => p.scope === scope);
  const text = currentText.trim();
  // A director or the agency's admin keeps the agency's list from the same panel.
  const saveScope: OpinionPhraseScope = scope === 'AGENCY' && phrases.data?.can.addAgency ? 'AGENCY' : 'OWN';

  return (
    <section aria-labelledby="opinion-phrases-title" data-testid="opinion-phrases">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text strong id="opinion-phrases-title">
          {t('opinions.phrases')}
        </Typography.Text>
        <Segmented<OpinionPhraseScope>
          size="small"
          value={scope}
          onChange={setScope}
          options={(['OWN', 'AGENCY'] as const).map((s) => ({
            value: s,
            label: OPINION_PHRASE_SCOPES[s][locale],
          }))}
          aria-label={t('opinions.phrases')}
          data-testid="opinion-phrase-scope"
        />
        <Button
          size="small"
          disabled={!text}
          loading={save.isPending}
          data-testid="opinion-phrase-save"
          onClick={() =>
            save.mutate(
              { body: { scope: saveScope, specialty: specialty ?? null, text } },
              {
                onSuccess: () => {
                  setScope(saveScope);
                  void message.success(t('opinions.phraseSaved'));
                },
                onError: (error) => void message.error(error.message),
              },
            )
          }
        >
          {saveScope === 'AGENCY' ? t('opinions.saveAsAgencyPhrase') : t('opinions.saveAsPhrase')}
        </Button>
      </Space>
      {phrases.isError ? (
        <Typography.Text type="danger">
          {t('opinions.phrasesFailed', { message: phrases.error.message })}
        </Typography.Text>
      ) : items.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('opinions.phrasesEmpty')}
        </Typography.Paragraph>
      ) : (
        <ul className="opinion-phrases" data-testid="opinion-phrase-list">
          {items.map((p) => (
            <li key={p.id}>
              <span className="opinion-phrase-text">{p.text}</span>
              {/* No space between two Chinese characters: the visible word must stay in the name. */}
              <Button
                size="small"
                autoInsertSpace={false}
                aria-label={t('opinions.insertPhraseLabel', { text: short(p.text) })}
                onClick={() => onInsert(p)}
                data-testid="opinion-phrase-insert"
              >
                {t('opinions.insertPhrase')}
              </Button>
              {p.can.edit && (
                <Button
                  size="small"
                  danger
                  type="text"
                  autoInsertSpace={false}
                  aria-label={t('opinions.deletePhraseLabel', { text: short(p.text) })}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => void message.success(t('opinions.phraseDeleted')),
                      onError: (error) => void message.error(error.message),
                    })
                  }
                >
                  {t('opinions.deletePhrase')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
