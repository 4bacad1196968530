import type { FormRule as Rule } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectDicRequest, projectForm, type ProjectDicRequest, type ProjectForm } from '@drp/domain';
import { zodRule, type FieldSchema } from '../../../lib/zod-rule';

type Field = keyof ProjectForm;
type Issue = NonNullable<ReturnType<typeof projectForm.safeParse>['error']>['issues'][number];
type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The contract's rules in the form: each field is checked by its own schema from
 * `projectForm` (so bounds and patterns cannot drift from the server's), and the issue is said
 * in the user's language.
 */
function describeIssue(t: T, issue: Issue, label: string, choose: boolean): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('projects.rules.minLength', { label, min: issue.minimum });
      if (issue.origin === 'array') return t('projects.rules.chooseAtLeast', { label, min: issue.minimum });
      return issue.inclusive
        ? t('projects.rules.atLeast', { label, min: issue.minimum })
        : t('projects.rules.above', { label, min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return t('projects.rules.maxLength', { label, max: issue.maximum });
      if (issue.origin === 'array') return t('projects.rules.chooseAtMost', { label, max: issue.maximum });
      return t('projects.rules.atMost', { label, max: issue.maximum });
    case 'invalid_format':
      return issue.format === 'regex' ? t('projects.rules.phone') : t('projects.rules.invalid', { label });
    case 'custom':
      return choose ? t('projects.rules.choose', { label }) : t('projects.rules.invalid', { label });
    default:
      return t('projects.rules.invalid', { label });
  }
}

function ruleOf(schema: FieldSchema<Issue>, t: T, label: string, choose: boolean, required: boolean): Rule {
  return zodRule(schema, {
    required,
    empty: () => t(choose ? 'projects.rules.choose' : 'projects.rules.required', { label }),
    describe: (issue) => describeIssue(t, issue, label, choose),
  });
}

/**
 * |above + below − total| ≤ max(1 m², 0.5 % of the total): the contract's refinement on
 * `totalArea`, checked as the areas are typed. The save runs the contract itself as well.
 */
export function areasAddUp(total: number, above: number, below: number) {
  return Math.abs(above + below - total) <= Math.max(1, total * 0.005);
}
export const areaTolerance = (total: number) => Math.max(1, total * 0.005);

export function useProjectFormRules() {
  const { t } = useTranslation();
  const shape = projectForm.shape;
  const optional = new Set<Field>(['landUsePermitNo', 'planningPermitNo', 'surveyOrgIds']);
  const choose = new Set<Field>([
    'projectDicId',
    'regionCode',
    'projectType',
    'constructType',
    'stage',
    'designOrgIds',
    'surveyOrgIds',
    'censorOrgId',
  ]);
  const field = (name: Field, label: string): Rule[] => [
    ruleOf(shape[name], t, label, choose.has(name), !optional.has(name)),
  ];
  const dicField = (name: keyof ProjectDicRequest, label: string): Rule[] => [
    ruleOf(projectDicRequest.shape[name], t, label, name === 'regionCode', true),
  ];
  const totalArea: Rule = ({ getFieldValue }) => ({
    validator: async (_, total: number | null) => {
      const above = getFieldValue('aboveGroundArea') as number | null;
      const below = getFieldValue('belowGroundArea') as number | null;
      if (typeof total !== 'number' || typeof above !== 'number' || typeof below !== 'number') return;
      if (!areasAddUp(total, above, below))
        throw new Error(
          t('projects.rules.areasMismatch', {
            sum: +(above + below).toFixed(2),
            tolerance: +areaTolerance(total).toFixed(2),
          }),
        );
    },
  });
  /** Issues of the whole contract, by form field, for what the field rules cannot see. */
  const formIssues = (values: ProjectForm) => {
    const result = projectForm.safeParse(values);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '') as Field;
      const label = t(`projects.fields.${name}`, { defaultValue: name });
      let message = describeIssue(t, issue, label, choose.has(name));
      if (issue.code === 'custom' && name === 'totalArea')
        message = t('projects.rules.areasMismatch', {
          sum: +(values.aboveGroundArea + values.belowGroundArea).toFixed(2),
          tolerance: +areaTolerance(values.totalArea).toFixed(2),
        });
      else if (issue.code === 'custom' && (name === 'designOrgIds' || name === 'surveyOrgIds'))
        message = t('projects.rules.duplicate', { label });
      return { name, errors: [message] };
    });
  };
  return { field, dicField, totalArea, formIssues };
}
