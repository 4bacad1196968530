import { describe, expect, it } from 'vitest';
import { expandRanges, parsePastedRanges, rangesOf } from './calendar-entry';

describe('the entry of a notice', () => {
  it('reads pasted lines in the forms a notice is retyped in, and names the lines it cannot read', () => {
    const { rows, invalid } = parsePastedRanges(
      [
        '2027-02-06~2027-02-12 放假 春节',
        '2027年2月20日 上班 春节',
        '2027/10/1 至 2027/10/7\t休\t国庆节、中秋节',
        '',
        '2027-02-30 放假 春节',
        '2027-05-05 加班 劳动节',
        '2027-05-05~2027-05-01 放假 劳动节',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { from: '2027-02-06', to: '2027-02-12', kind: 'HOLIDAY', name: '春节' },
      { from: '2027-02-20', to: '', kind: 'WORKDAY', name: '春节' },
      { from: '2027-10-01', to: '2027-10-07', kind: 'HOLIDAY', name: '国庆节、中秋节' },
    ]);
    expect(invalid.map((i) => i.line)).toEqual([5, 6, 7]);
  });

  it('expands ranges into days and folds days back into ranges', () => {
    const days = expandRanges([
      { from: '2027-02-06', to: '2027-02-08', kind: 'HOLIDAY', name: '春节' },
      { from: '2027-02-20', to: '', kind: 'WORKDAY', name: '春节' },
      { from: '2027-03-01', to: '2027-02-01', kind: 'HOLIDAY', name: '倒序' },
    ]);
    expect(days.map((d) => d.date)).toEqual(['2027-02-06', '2027-02-07', '2027-02-08', '2027-02-20']);
    expect(rangesOf(days)).toEqual([
      { from: '2027-02-06', to: '2027-02-08', kind: 'HOLIDAY', name: '春节' },
      { from: '2027-02-20', to: '', kind: 'WORKDAY', name: '春节' },
    ]);
  });
});
