import { useTranslation } from 'react-i18next';
import { weekdayOf, type CalendarDay } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** Text and background pairs that keep AA contrast; the mark ("休"/"班") carries the kind without colour. */
const HOLIDAY_STYLE = { background: '#fff1f0', color: '#a8071a', fontWeight: 600 } as const;
const WORKDAY_STYLE = { background: '#e6f4ff', color: '#003eb3', fontWeight: 600 } as const;
const WEEKEND_STYLE = { color: '#595959' } as const;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The twelve months of a year, the notice's days marked, as a paper calendar shows them. */
export function CalendarMonthGrid({ year, days }: { year: number; days: readonly CalendarDay[] }) {
  const { t } = useTranslation();
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weekdays = t('calendar.weekdays', { returnObjects: true }) as string[];
  const monthName = (month: number) =>
    new Date(Date.UTC(year, month - 1, 1)).toLocaleString(currentLocale(), {
      month: 'long',
      timeZone: 'UTC',
    });

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 16 }}>
      {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => {
        const first = weekdayOf(`${year}-${pad(month)}-01`);
        const cells: (number | null)[] = [
          ...Array<null>(first).fill(null),
          ...Array.from({ length: daysInMonth(year, month) }, (_, d) => d + 1),
        ];
        const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) =>
          cells.slice(w * 7, w * 7 + 7),
        );
        return (
          <table key={month} style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
            <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>
              {t('calendar.month', { month, monthName: monthName(month) })}
            </caption>
            <thead>
              <tr>
                {weekdays.map((w) => (
                  <th key={w} scope="col" style={{ fontWeight: 400, color: '#595959', padding: 2 }}>
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, w) => (
                <tr key={w}>
                  {week.map((day, d) => {
                    if (day === null) return <td key={d} />;
                    const date = `${year}-${pad(month)}-${pad(day)}`;
                    const entry = byDate.get(date);
                    const style =
                      entry?.kind === 'HOLIDAY'
                        ? HOLIDAY_STYLE
                        : entry?.kind === 'WORKDAY'
                          ? WORKDAY_STYLE
                          : d === 0 || d === 6
                            ? WEEKEND_STYLE
                            : {};
                    return (
                      <td
                        key={d}
                        title={entry ? `${date} ${entry.name}` : date}
                        style={{ textAlign: 'center', padding: '2px 0', borderRadius: 4, ...style }}
                      >
                        {day}
                        {entry && (
                          <span style={{ display: 'block', fontSize: 11, lineHeight: 1.1 }}>
                            {entry.kind === 'HOLIDAY' ? t('calendar.holidayMark') : t('calendar.workdayMark')}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
