import { describe, expect, it } from 'vitest';
import { parseClauseCsv } from './clause-csv.js';

const SPECIALTIES = new Set(['STRUCTURE', 'ENERGY']);
const HEADER = 'number,title,titleEn,specialty,mandatory,text';

describe('parseClauseCsv', () => {
  it('reads quoted texts with commas, quotes and line breaks, after an Excel BOM', () => {
    const csv = `\uFEFF${HEADER}\r\n2.1.1,标题,Title,STRUCTURE,是,"第一句，""引号""\n第二行"\r\n3.0.1A,节能,Energy,ENERGY,0,\r\n`;
    const { rows, problems } = parseClauseCsv(csv, SPECIALTIES);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        number: '2.1.1',
        title: '标题',
        titleEn: 'Title',
        specialty: 'STRUCTURE',
        mandatory: true,
        text: '第一句，"引号"\n第二行',
      },
      {
        row: 4,
        number: '3.0.1A',
        title: '节能',
        titleEn: 'Energy',
        specialty: 'ENERGY',
        mandatory: false,
        text: null,
      },
    ]);
  });

  it('names every bad row with its reason in both languages, and answers no rows', () => {
    const csv = `${HEADER}\n2.1.1,a,a,STRUCTURE,true,\nx.1,a,a,STRUCTURE,true,\n2.1.1,a,a,STRUCTURE,true,\n2.1.2,a,a,PLUMBING,true,\n2.1.3,,a,STRUCTURE,true,\n2.1.4,a,a\n`;
    const { rows, problems } = parseClauseCsv(csv, SPECIALTIES);
    expect(rows).toEqual([]);
    expect(problems.map((p) => [p.row, p.code, p.column])).toEqual([
      [3, 'NUMBER', 'number'],
      [4, 'DUPLICATE', 'number'],
      [5, 'SPECIALTY', 'specialty'],
      [6, 'REQUIRED', 'title'],
      [7, 'COLUMNS', undefined],
    ]);
    expect(problems[1]!.message).toEqual({
      'zh-CN': '条文编号 2.1.1 与第2行重复',
      'en-US': 'Clause number 2.1.1 repeats row 2',
    });
  });

  it('refuses a wrong header, an empty file and an open quote', () => {
    expect(parseClauseCsv('number,title\n1,a', SPECIALTIES).problems[0]!.code).toBe('HEADER');
    expect(parseClauseCsv('', SPECIALTIES).problems[0]!.code).toBe('EMPTY');
    expect(parseClauseCsv(`${HEADER}\n`, SPECIALTIES).problems[0]!.code).toBe('EMPTY');
    expect(parseClauseCsv(`${HEADER}\n1.0.1,"a,b,STRUCTURE,true,\n`, SPECIALTIES).problems[0]).toMatchObject({
      row: 2,
      code: 'QUOTE',
    });
  });
});
