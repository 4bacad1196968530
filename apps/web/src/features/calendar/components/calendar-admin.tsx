import { useState } from 'react';
import { Alert, Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CALENDAR_DAY_KINDS,
  chinaDate,
  weekdayOf,
  type CalendarDay,
  type CalendarYearDetail,
  type CalendarYearSummary,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useCalendarYear } from '../api/get-calendar-year';
import { useCalendarYears } from '../api/get-calendar-years';
import { rangesOf } from '../calendar-entry';
import '../calendar-texts';
import { CalendarMonthGrid } from './calendar-month-grid';
import { CalendarYearForm } from './calendar-year-form';

type Editing = { year: number | null; detail?: CalendarYearDetail } | null;

function YearDays({ detail, onCorrect }: { detail: CalendarYearDetail; onCorrect: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [view, setView] = useState<'table' | 'grid'>('table');
  const weekdays = t('calendar.weekdays', { returnObjects: true }) as string[];
  return (
    <Card
      title={
        <h2 style={{ font: 'inherit', margin: 0 }}>
          {detail.year} · {t('calendar.days')}
        </h2>
      }
      extra={
        <Space>
          <Segmented<'table' | 'grid'>
            aria-label={t('calendar.days')}
            value={view}
            onChange={setView}
            options={[
              { value: 'table', label: t('calendar.table') },
              { value: 'grid', label: t('calendar.grid') },
            ]}
          />
          <Button onClick={onCorrect}>{t('calendar.correct')}</Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{detail.source}</Typography.Paragraph>
      {view === 'table' ? (
        <Table<CalendarDay>
          rowKey="date"
          size="small"
          pagination={false}
          dataSource={detail.days}
          columns={[
            { title: t('calendar.date'), dataIndex: 'date' },
            { title: t('calendar.weekday'), key: 'weekday', render: (_, d) => weekdays[weekdayOf(d.date)] },
            {
              title: t('calendar.kind'),
              dataIndex: 'kind',
              render: (_, d) => (
                <Tag color={d.kind === 'HOLIDAY' ? 'red' : 'blue'}>{CALENDAR_DAY_KINDS[d.kind][locale]}</Tag>
              ),
            },
            { title: t('calendar.name'), dataIndex: 'name' },
          ]}
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('calendar.legend')}</Typography.Paragraph>
          <CalendarMonthGrid year={detail.year} days={detail.days} />
        </>
      )}
    </Card>
  );
}

/**
 * /sys_admin/calendar: the years of the working-day calendar, one year's days, and the entry of a
 * new year's State Council notice. Review clocks count on it, so a missing next year is called out.
 */
export function CalendarAdmin() {
  const { t } = useTranslation();
  const years = useCalendarYears();
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const detail = useCalendarYear(selected);
  const nextYear = Number(chinaDate(new Date()).slice(0, 4)) + 1;
  const entered = new Set(years.data?.items.map((y) => y.year));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('calendar.title')}</h1>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ year: null })}>
            {t('calendar.enterNew')}
          </Button>
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('calendar.notEnteredHint')}
          </Typography.Paragraph>
          {years.data && !entered.has(nextYear) && (
            <Alert type="warning" showIcon title={t('calendar.missingNext', { year: nextYear })} />
          )}
          {years.error && (
            <Alert type="error" showIcon title={t('calendar.loadFailed', { message: years.error.message })} />
          )}
          <Table<CalendarYearSummary>
            rowKey="year"
            size="small"
            loading={years.isLoading}
            dataSource={years.data ? [...years.data.items].reverse() : []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            columns={[
              { title: t('calendar.year'), dataIndex: 'year' },
              { title: t('calendar.source'), dataIndex: 'source' },
              { title: t('calendar.holidays'), dataIndex: 'holidays' },
              { title: t('calendar.workdays'), dataIndex: 'workdays' },
              {
                title: t('calendar.enteredBy'),
                key: 'entered',
                render: (_, y) =>
                  y.enteredBy ? (
                    t('calendar.enteredByAt', {
                      name: y.enteredBy.name,
                      at: dayjs(y.enteredAt).format('YYYY-MM-DD HH:mm'),
                    })
                  ) : (
                    <Tag>{t('calendar.seeded')}</Tag>
                  ),
              },
              {
                title: t('calendar.actions'),
                key: 'view',
                render: (_, y) => (
                  <Button
                    type="link"
                    aria-label={`${t('calendar.view')} ${y.year}`}
                    onClick={() => {
                      setSelected(y.year);
                      setEditing(null);
                    }}
                  >
                    {t('calendar.view')}
                  </Button>
                ),
              },
            ]}
          />
        </Space>
      </Card>

      {editing && (
        <CalendarYearForm
          key={editing.year ?? 'new'}
          year={editing.year}
          initialSource={editing.detail?.source}
          initialRows={editing.detail ? rangesOf(editing.detail.days) : undefined}
          onDone={(year) => {
            setEditing(null);
            if (year !== null) setSelected(year);
          }}
        />
      )}
      {!editing && detail.error && (
        <Alert type="error" showIcon title={t('calendar.loadFailed', { message: detail.error.message })} />
      )}
      {!editing && selected !== null && detail.data && (
        <YearDays
          detail={detail.data}
          onCorrect={() => setEditing({ year: selected, detail: detail.data })}
        />
      )}
    </Space>
  );
}
