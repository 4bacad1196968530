import { useEffect, useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ClauseVersionWithStandard } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useClauseSearch } from '../api/search-clauses';
import { useClauseVersion } from '../api/get-clause-version';
import { MandatoryMark } from './mandatory-mark';
import '../clauses-texts';

export interface ClausePickerProps {
  /** The chosen clause VERSION id: what an opinion stores. */
  value?: string | null;
  onChange?: (versionId: string | null, clause: ClauseVersionWithStandard | null) => void;
  /** Narrows the search to one specialty's clauses (the opinion's specialty). */
  specialty?: string;
  /** Narrows it to one standard (energy-saving opinions cite GB 55015). */
  standardId?: string;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  style?: React.CSSProperties;
}

/** Waits for typing to pause, so each keystroke does not cost a search. */
function useSettled(value: string, ms = 250) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function ClauseOption({ clause }: { clause: ClauseVersionWithStandard }) {
  const zh = currentLocale() === 'zh-CN';
  return (
    <span>
      {clause.mandatory && <MandatoryMark />}
      <Typography.Text strong>
        {clause.standard.code} {zh ? `第${clause.number}条` : `clause ${clause.number}`}
      </Typography.Text>{' '}
      {zh ? clause.title : clause.titleEn}
    </span>
  );
}

/**
 * A searchable select of the clause library for forms that cite a clause (the opinion form): it
 * searches the standards in force by code, number and words, marks 强条 in red, and answers the
 * clause version's id. A form item passes `value` and `onChange`, and `id` for its label.
 */
export function ClausePicker({
  value,
  onChange,
  specialty,
  standardId,
  disabled,
  style,
  ...aria
}: ClausePickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim());
  const search = useClauseSearch({ q: q || undefined, specialty, standardId, size: 20 });
  // The chosen clause may be on no page of the current search (a saved opinion opening).
  const chosen = useClauseVersion(value ?? undefined);
  const found = search.data?.items ?? [];
  const options = [
    ...(chosen.data && !found.some((c) => c.id === chosen.data.id) ? [chosen.data] : []),
    ...found,
  ];

  return (
    <Select<string>
      {...aria}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      allowClear
      disabled={disabled}
      style={{ width: '100%', ...style }}
      value={value ?? undefined}
      placeholder={t('clauses.pickerPlaceholder')}
      loading={search.isFetching}
      notFoundContent={
        search.error
          ? t('clauses.searchFailed', { reason: search.error.message })
          : search.isFetching
            ? null
            : t('clauses.pickerNone')
      }
      onChange={(id) => {
        const clause = options.find((c) => c.id === id) ?? null;
        onChange?.(id ?? null, clause);
      }}
      options={options.map((clause) => ({
        value: clause.id,
        label: <ClauseOption clause={clause} />,
      }))}
    />
  );
}
