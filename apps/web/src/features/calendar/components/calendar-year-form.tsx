import { useId, useState } from 'react';
import { Alert, App, Button, Card, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_DAY_KINDS,
  CALENDAR_DAY_KIND_KEYS,
  CALENDAR_LIMITS,
  calendarYearProblems,
  errorMessage,
  type CalendarDayKind,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { usePutCalendarYear } from '../api/put-calendar-year';
import { expandRanges, parsePastedRanges, type DayRange } from '../calendar-entry';

const emptyRow = (): DayRange => ({ from: '', to: '', kind: 'HOLIDAY', name: '' });

/**
 * Entering a year's notice: rows of date ranges (from, to, kind, name), typed or pasted as text,
 * checked here as the server checks them so mistakes show before saving; the server's refusal,
 * if any, is shown as it says it.
 */
export function CalendarYearForm(props: {
  /** A year being corrected; null for a new one. */
  year: number | null;
  initialSource?: string;
  initialRows?: DayRange[];
  onDone: (year: number | null) => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { message } = App.useApp();
  const id = useId();
  const [year, setYear] = useState<number | null>(props.year ?? new Date().getFullYear() + 1);
  const [source, setSource] = useState(props.initialSource ?? '');
  const [rows, setRows] = useState<DayRange[]>(props.initialRows?.length ? props.initialRows : [emptyRow()]);
  const [pasted, setPasted] = useState('');
  const [pasteErrors, setPasteErrors] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const save = usePutCalendarYear();

  const days = expandRanges(rows);
  const rowProblems = rows.flatMap((row, i) => {
    const blank = !row.from && !row.to && !row.name.trim();
    if (blank && rows.length > 1) return [];
    if (!row.from || !row.name.trim()) return [t('calendar.rangeIncomplete', { row: i + 1 })];
    if (row.to && row.to < row.from) return [t('calendar.rangeInvalid', { row: i + 1 })];
    return [];
  });
  const problems = [
    ...(year === null ? [t('calendar.yearRequired')] : []),
    ...(source.trim() ? [] : [t('calendar.sourceRequired')]),
    ...rowProblems,
    ...(year === null
      ? []
      : calendarYearProblems(year, days).map((p) =>
          errorMessage(p.code, locale, { year, ...('date' in p ? { date: p.date } : {}) }),
        )),
  ];

  const update = (index: number, patch: Partial<DayRange>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const applyPaste = () => {
    const { rows: read, invalid } = parsePastedRanges(pasted);
    setPasteErrors(invalid.map((i) => t('calendar.pasteLineInvalid', { line: i.line, text: i.text })));
    if (read.length) {
      setRows((all) => [...all.filter((r) => r.from || r.name.trim()), ...read]);
      setPasted(invalid.length ? invalid.map((i) => i.text).join('\n') : '');
    }
  };

  const submit = () => {
    setTried(true);
    if (problems.length || year === null) return;
    save.mutate(
      { year, entry: { source: source.trim(), days } },
      {
        onSuccess: () => {
          void message.success(t('calendar.saved', { year }));
          props.onDone(year);
        },
      },
    );
  };

  return (
    <Card
      title={
        <h2 style={{ font: 'inherit', margin: 0 }}>
          {props.year === null ? t('calendar.formNewTitle') : t('calendar.formTitle', { year: props.year })}
        </h2>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap align="end">
          <label htmlFor={`${id}-year`}>
            <div>{t('calendar.year')}</div>
            <InputNumber
              id={`${id}-year`}
              min={CALENDAR_LIMITS.yearMin}
              max={CALENDAR_LIMITS.yearMax}
              precision={0}
              value={year}
              disabled={props.year !== null}
              onChange={(v) => setYear(typeof v === 'number' ? v : null)}
            />
          </label>
          <label htmlFor={`${id}-source`} style={{ minWidth: 420 }}>
            <div>{t('calendar.sourceLabel')}</div>
            <Input
              id={`${id}-source`}
              value={source}
              maxLength={CALENDAR_LIMITS.sourceMax}
              placeholder={t('calendar.sourcePlaceholder')}
              onChange={(e) => setSource(e.target.value)}
            />
          </label>
        </Space>

        <div>
          <label htmlFor={`${id}-paste`}>{t('calendar.paste')}</label>
          <Typography.Paragraph type="secondary" style={{ margin: '2px 0 6px' }}>
            {t('calendar.pasteHint')}
          </Typography.Paragraph>
          <Input.TextArea
            id={`${id}-paste`}
            rows={4}
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            style={{ fontFamily: 'monospace' }}
          />
          <Button style={{ marginTop: 8 }} onClick={applyPaste} disabled={!pasted.trim()}>
            {t('calendar.pasteApply')}
          </Button>
          {pasteErrors.length > 0 && (
            <Alert
              style={{ marginTop: 8 }}
              type="error"
              showIcon
              role="alert"
              title={pasteErrors.map((e) => (
                <div key={e}>{e}</div>
              ))}
            />
          )}
        </div>

        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              {[
                t('calendar.from'),
                t('calendar.to'),
                t('calendar.kind'),
                t('calendar.rangeName'),
                t('calendar.actions'),
              ].map((h, i) => (
                <th key={i} scope="col" style={{ textAlign: 'left', fontWeight: 500, padding: 4 }}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <td style={{ padding: 4 }}>
                  <Input
                    type="date"
                    aria-label={`${t('calendar.from')} ${i + 1}`}
                    value={row.from}
                    onChange={(e) => update(i, { from: e.target.value })}
                  />
                </td>
                <td style={{ padding: 4 }}>
                  <Input
                    type="date"
                    aria-label={`${t('calendar.to')} ${i + 1}`}
                    value={row.to}
                    onChange={(e) => update(i, { to: e.target.value })}
                  />
                </td>
                <td style={{ padding: 4 }}>
                  <Select<CalendarDayKind>
                    aria-label={`${t('calendar.kind')} ${i + 1}`}
                    style={{ width: 130 }}
                    value={row.kind}
                    onChange={(kind) => update(i, { kind })}
                    options={CALENDAR_DAY_KIND_KEYS.map((k) => ({
                      value: k,
                      label: CALENDAR_DAY_KINDS[k][locale],
                    }))}
                  />
                </td>
                <td style={{ padding: 4 }}>
                  <Input
                    aria-label={`${t('calendar.rangeName')} ${i + 1}`}
                    value={row.name}
                    maxLength={CALENDAR_LIMITS.nameMax}
                    onChange={(e) => update(i, { name: e.target.value })}
                  />
                </td>
                <td style={{ padding: 4 }}>
                  <Button
                    aria-label={`${t('calendar.removeRange')} ${i + 1}`}
                    icon={<DeleteOutlined />}
                    disabled={rows.length === 1}
                    onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button icon={<PlusOutlined />} onClick={() => setRows((all) => [...all, emptyRow()])}>
          {t('calendar.addRange')}
        </Button>

        <Typography.Text>
          {t('calendar.preview', {
            holidays: days.filter((d) => d.kind === 'HOLIDAY').length,
            workdays: days.filter((d) => d.kind === 'WORKDAY').length,
          })}
        </Typography.Text>
        {tried && problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          />
        )}
        {save.error && <Alert type="error" showIcon role="alert" title={save.error.message} />}
        <Space>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('calendar.save')}
          </Button>
          <Button onClick={() => props.onDone(null)}>{t('calendar.cancel')}</Button>
        </Space>
      </Space>
    </Card>
  );
}
