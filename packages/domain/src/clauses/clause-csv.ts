import { CLAUSE_LIMITS, clauseNumber } from './clause-contracts.js';

/**
 * The CSV a system admin imports a standard's clauses from (UTF-8, Excel's BOM allowed, RFC 4180
 * quoting so a clause text may hold commas, quotes and line breaks):
 *
 *   number,title,titleEn,specialty,mandatory,text
 *   2.1.1,结构在设计工作年限内…,Within its design working life…,STRUCTURE,true,"…"
 *
 * Parsing is pure and shared: the server refuses a file with any bad row (nothing half-imported)
 * and the admin screen previews the same problems before sending.
 */
export const CLAUSE_CSV_COLUMNS = ['number', 'title', 'titleEn', 'specialty', 'mandatory', 'text'] as const;
export type ClauseCsvColumn = (typeof CLAUSE_CSV_COLUMNS)[number];

export const CLAUSE_CSV_PROBLEMS = {
  EMPTY: { 'zh-CN': '文件没有内容', 'en-US': 'The file is empty' },
  HEADER: {
    'zh-CN': '表头应为 number,title,titleEn,specialty,mandatory,text',
    'en-US': 'The header must be number,title,titleEn,specialty,mandatory,text',
  },
  QUOTE: { 'zh-CN': '引号未闭合', 'en-US': 'A quote is not closed' },
  COLUMNS: { 'zh-CN': '应有6列，实有{count}列', 'en-US': 'Expected 6 columns, found {count}' },
  NUMBER: {
    'zh-CN': '条文编号“{value}”格式不正确（如 2.1.1）',
    'en-US': 'Clause number "{value}" is not valid (like 2.1.1)',
  },
  DUPLICATE: {
    'zh-CN': '条文编号 {value} 与第{first}行重复',
    'en-US': 'Clause number {value} repeats row {first}',
  },
  REQUIRED: { 'zh-CN': '{column}不能为空', 'en-US': '{column} must not be empty' },
  TOO_LONG: { 'zh-CN': '{column}超过{max}个字符', 'en-US': '{column} is longer than {max} characters' },
  SPECIALTY: { 'zh-CN': '专业代码“{value}”不存在', 'en-US': 'Specialty code "{value}" does not exist' },
  MANDATORY: {
    'zh-CN': '强条一列应为 true/false（或 是/否、1/0），而不是“{value}”',
    'en-US': 'mandatory must be true/false (or 是/否, 1/0), not "{value}"',
  },
  TOO_MANY: { 'zh-CN': '一次最多导入{max}条', 'en-US': 'At most {max} clauses per import' },
} as const;
export type ClauseCsvProblemCode = keyof typeof CLAUSE_CSV_PROBLEMS;

export interface ClauseCsvProblem {
  /** The line of the file as a spreadsheet numbers it (the header is row 1). */
  row: number;
  code: ClauseCsvProblemCode;
  column?: ClauseCsvColumn;
  message: { 'zh-CN': string; 'en-US': string };
}

export interface ClauseCsvRow {
  row: number;
  number: string;
  title: string;
  titleEn: string;
  specialty: string;
  mandatory: boolean;
  text: string | null;
}

const TRUE = new Set(['true', '1', 'y', 'yes', '是']);
const FALSE = new Set(['false', '0', 'n', 'no', '否']);

function problem(
  row: number,
  code: ClauseCsvProblemCode,
  params: Record<string, string | number> = {},
  column?: ClauseCsvColumn,
): ClauseCsvProblem {
  const fill = (t: string) =>
    t.replace(/\{(\w+)\}/g, (w, k: string) => (k in params ? String(params[k]) : w));
  const texts = CLAUSE_CSV_PROBLEMS[code];
  return {
    row,
    code,
    ...(column ? { column } : {}),
    message: { 'zh-CN': fill(texts['zh-CN']), 'en-US': fill(texts['en-US']) },
  };
}

/** RFC 4180 records with the row (line) each starts on; a quoted field may span lines. */
function records(source: string): { row: number; fields: string[] }[] | { quoteRow: number } {
  const out: { row: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) out.push({ row: start, fields });
    fields = [];
    field = '';
  };
  while (i < source.length) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else field += c;
    i += 1;
  }
  if (quoted) return { quoteRow: start };
  endRecord();
  return out;
}

/**
 * Reads an import file. `specialties` are the codes of the specialty dictionary. Answers the rows
 * when every row is good, else every problem found (each row's first), so the admin fixes them in
 * one pass.
 */
export function parseClauseCsv(
  source: string,
  specialties: ReadonlySet<string>,
): { rows: ClauseCsvRow[]; problems: [] } | { rows: []; problems: ClauseCsvProblem[] } {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source;
  const parsed = records(text);
  if (!Array.isArray(parsed)) return { rows: [], problems: [problem(parsed.quoteRow, 'QUOTE')] };
  const [header, ...body] = parsed;
  if (!header) return { rows: [], problems: [problem(1, 'EMPTY')] };
  const names = header.fields.map((f) => f.trim());
  if (names.length !== CLAUSE_CSV_COLUMNS.length || names.some((n, i) => n !== CLAUSE_CSV_COLUMNS[i]))
    return { rows: [], problems: [problem(header.row, 'HEADER')] };
  if (body.length === 0) return { rows: [], problems: [problem(header.row, 'EMPTY')] };
  if (body.length > CLAUSE_LIMITS.importRowsMax)
    return { rows: [], problems: [problem(header.row, 'TOO_MANY', { max: CLAUSE_LIMITS.importRowsMax })] };

  const rows: ClauseCsvRow[] = [];
  const problems: ClauseCsvProblem[] = [];
  const seen = new Map<string, number>();
  for (const { row, fields } of body) {
    const found = rowProblem(row, fields, specialties, seen);
    if ('code' in found) problems.push(found);
    else rows.push(found);
  }
  return problems.length ? { rows: [], problems } : { rows, problems: [] };
}

function rowProblem(
  row: number,
  fields: string[],
  specialties: ReadonlySet<string>,
  seen: Map<string, number>,
): ClauseCsvRow | ClauseCsvProblem {
  if (fields.length !== CLAUSE_CSV_COLUMNS.length) return problem(row, 'COLUMNS', { count: fields.length });
  const [number, title, titleEn, specialty, mandatory, clauseText] = fields.map((f) => f.trim()) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  for (const [column, value] of [
    ['number', number],
    ['title', title],
    ['titleEn', titleEn],
    ['specialty', specialty],
    ['mandatory', mandatory],
  ] as const)
    if (!value) return problem(row, 'REQUIRED', { column }, column);
  if (!clauseNumber.safeParse(number).success) return problem(row, 'NUMBER', { value: number }, 'number');
  const first = seen.get(number);
  if (first !== undefined) return problem(row, 'DUPLICATE', { value: number, first }, 'number');
  seen.set(number, row);
  for (const [column, value, max] of [
    ['title', title, CLAUSE_LIMITS.titleMax],
    ['titleEn', titleEn, CLAUSE_LIMITS.titleMax],
    ['text', clauseText, CLAUSE_LIMITS.textMax],
  ] as const)
    if (value.length > max) return problem(row, 'TOO_LONG', { column, max }, column);
  if (!specialties.has(specialty)) return problem(row, 'SPECIALTY', { value: specialty }, 'specialty');
  const flag = mandatory.toLowerCase();
  if (!TRUE.has(flag) && !FALSE.has(flag))
    return problem(row, 'MANDATORY', { value: mandatory }, 'mandatory');
  return { row, number, title, titleEn, specialty, mandatory: TRUE.has(flag), text: clauseText || null };
}
