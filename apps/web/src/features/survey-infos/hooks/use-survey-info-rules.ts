import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  SURVEY_GRADES,
  SURVEY_INFO_LIMITS,
  allowedSurveyGrades,
  saveSurveyInfoRequest,
  type SaveSurveyInfoRequest,
  type SurveyGrade,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { zodRule } from '../../../lib/zod-rule';

export type SurveyInfoField = keyof SaveSurveyInfoRequest;
type Issue = NonNullable<ReturnType<typeof saveSurveyInfoRequest.safeParse>['error']>['issues'][number];
type Grade = 'FIRST' | 'SECOND' | 'THIRD';

/** Chosen from a list rather than typed. */
const CHOSEN: readonly SurveyInfoField[] = [
  'stage',
  'importanceGrade',
  'siteComplexity',
  'groundComplexity',
  'surveyGrade',
  'reportDate',
];
/** May stay empty. */
const OPTIONAL: readonly SurveyInfoField[] = ['groundwaterDepth', 'adverseGeology'];

/** Today in China (UTC+8), as the server judges "not in the future". */
export const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The survey information's rules in the form: each field checked by its own schema of
 * `saveSurveyInfoRequest`, plus what the server checks beyond the schema (the grade of GB 50021
 * §3.1.4, the date not after today), said in the user's language.
 */
export function useSurveyInfoRules() {
  const { t } = useTranslation();
  const shape = saveSurveyInfoRequest.shape;

  const describe = (issue: Issue, label: string): string => {
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string') return t('surveyInfos.rules.required', { label });
        return issue.inclusive
          ? t('surveyInfos.rules.atLeast', { label, min: issue.minimum })
          : t('surveyInfos.rules.above', { label, min: issue.minimum });
      case 'too_big':
        if (issue.origin === 'string') return t('surveyInfos.rules.maxLength', { label, max: issue.maximum });
        return t('surveyInfos.rules.atMost', { label, max: issue.maximum });
      case 'invalid_type':
        return issue.expected === 'int'
          ? t('surveyInfos.rules.integer', { label })
          : t('surveyInfos.rules.invalid', { label });
      case 'invalid_format':
        return issue.format === 'regex'
          ? t('surveyInfos.rules.certNo')
          : t('surveyInfos.rules.invalid', { label });
      case 'custom':
        return t('surveyInfos.rules.dateTooEarly', { date: SURVEY_INFO_LIMITS.earliestReportDate });
      default:
        return t('surveyInfos.rules.invalid', { label });
    }
  };

  const field = (name: SurveyInfoField): FormRule[] => {
    const label = t(`surveyInfos.fields.${name}`);
    const chosen = CHOSEN.includes(name);
    const required = !OPTIONAL.includes(name);
    return [
      zodRule(shape[name], {
        required,
        empty: () => t(chosen ? 'surveyInfos.rules.choose' : 'surveyInfos.rules.required', { label }),
        describe: (issue) => describe(issue, label),
        also: (value) =>
          name === 'reportDate' && typeof value === 'string' && value > chinaToday()
            ? t('surveyInfos.rules.dateFuture')
            : undefined,
      }),
    ];
  };

  /** The survey grade against the three grades it follows from (checked again on the server). */
  const grade: FormRule = ({ getFieldValue }) => ({
    validator: async (_, value: SurveyGrade | undefined) => {
      const importance = getFieldValue('importanceGrade') as Grade | undefined;
      const site = getFieldValue('siteComplexity') as Grade | undefined;
      const ground = getFieldValue('groundComplexity') as Grade | undefined;
      if (!value || !importance || !site || !ground) return;
      const allowed = allowedSurveyGrades(importance, site, ground);
      if (!allowed.includes(value)) {
        const locale = currentLocale();
        throw new Error(
          t('surveyInfos.rules.gradeMismatch', {
            grades: allowed.map((g) => SURVEY_GRADES[g][locale]).join(t('surveyInfos.or')),
          }),
        );
      }
    },
  });

  return { field, grade };
}
