import type { FormRule as Rule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BUILDING_LIMITS,
  buildingFeedbackRequest,
  copyBuildingQuery,
  designInfoInput,
  hazardSourceInput,
  saveBuildingRequest,
  saveBuildingSurveyInfoRequest,
} from '@drp/domain';
import { zodRule, type FieldSchema } from '../../../lib/zod-rule';

type Issue = NonNullable<ReturnType<typeof saveBuildingRequest.safeParse>['error']>['issues'][number];
type T = (key: string, options?: Record<string, unknown>) => string;

/** A contract issue said in the user's language. */
function describeIssue(t: T, issue: Issue, label: string, choose: boolean): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return t('buildings.rules.minLength', { label, min: issue.minimum });
      if (issue.origin === 'array') return t('buildings.rules.chooseAtLeast', { label, min: issue.minimum });
      return issue.inclusive
        ? t('buildings.rules.atLeast', { label, min: issue.minimum })
        : t('buildings.rules.above', { label, min: issue.minimum });
    case 'too_big':
      if (issue.origin === 'string') return t('buildings.rules.maxLength', { label, max: issue.maximum });
      if (issue.origin === 'array') return t('buildings.rules.chooseAtMost', { label, max: issue.maximum });
      return t('buildings.rules.atMost', { label, max: issue.maximum });
    case 'invalid_type':
      return issue.expected === 'int'
        ? t('buildings.rules.integer', { label })
        : t('buildings.rules.invalid', { label });
    case 'invalid_format':
      return t('buildings.rules.invalid', { label });
    default:
      return choose ? t('buildings.rules.choose', { label }) : t('buildings.rules.invalid', { label });
  }
}

function ruleOf(
  schema: FieldSchema<Issue>,
  t: T,
  label: string,
  options: { choose?: boolean; required?: boolean; format?: string } = {},
): Rule {
  const { choose = false, required = true, format } = options;
  return zodRule(schema, {
    required,
    empty: () => t(choose ? 'buildings.rules.choose' : 'buildings.rules.required', { label }),
    describe: (issue) =>
      issue.code === 'invalid_format' && format ? format : describeIssue(t, issue, label, choose),
  });
}

const BUILDING_CHOICES = new Set([
  'use',
  'structureType',
  'seismicIntensity',
  'fireResistanceRating',
  'climaticRegion',
  'designOrgIds',
  'surveyOrgIds',
]);

/**
 * The contracts' rules in the building forms: each field is checked by its own schema from
 * packages/domain (so bounds cannot drift from the server's), and the whole request is checked
 * once more before it is sent.
 */
export function useBuildingRules() {
  const { t } = useTranslation();
  const label = (field: string) => t(`buildings.fields.${field}`);
  const basic = saveBuildingRequest.shape;

  type BasicField = Exclude<keyof typeof basic, 'id'>;
  const building = (name: BasicField): Rule[] => [
    ruleOf(basic[name], t, label(name), {
      choose: BUILDING_CHOICES.has(name),
      required: name !== 'surveyOrgIds',
    }),
  ];
  /** The contract's refinement: at least 2 m a storey above ground. */
  const heightForFloors: Rule = ({ getFieldValue }) => ({
    validator: async (_, height: number | null) => {
      const floors = getFieldValue('floorsAbove') as number | null;
      if (typeof height !== 'number' || typeof floors !== 'number') return;
      const min = floors * BUILDING_LIMITS.minStoreyHeight;
      if (height < min)
        throw new Error(
          t('buildings.rules.heightForFloors', { floors, min, per: BUILDING_LIMITS.minStoreyHeight }),
        );
    },
  });
  /** Issues of the whole request, by form field, for what the field rules cannot see. */
  const buildingIssues = (values: unknown) => {
    const result = saveBuildingRequest.safeParse(values);
    if (result.success) return [];
    return result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      let message = describeIssue(t, issue, label(name), BUILDING_CHOICES.has(name));
      if (issue.code === 'custom' && name === 'height')
        message = t('buildings.rules.heightTooLow', { per: BUILDING_LIMITS.minStoreyHeight });
      else if (issue.code === 'custom') message = t('buildings.rules.duplicate', { label: label(name) });
      return { name, errors: [message] };
    });
  };

  const hazard = (name: 'code' | 'description'): Rule[] => [
    ruleOf(hazardSourceInput.shape[name], t, t(`buildings.hazards.${name}`), { choose: name === 'code' }),
  ];
  const design = (name: 'specialty' | 'chiefDesigner' | 'engineerCertNo' | 'remark'): Rule[] => [
    ruleOf(designInfoInput.shape[name], t, t(`buildings.design.${name}`), {
      choose: name === 'specialty',
      required: name !== 'remark',
      format: name === 'engineerCertNo' ? t('buildings.rules.certNo') : undefined,
    }),
  ];
  const surveyShape = saveBuildingSurveyInfoRequest.shape;
  const survey = (name: Exclude<keyof typeof surveyShape, 'buildingId'>): Rule[] => [
    ruleOf(surveyShape[name], t, t(`buildings.survey.${name}`), {
      choose: name === 'siteCategory' || name === 'foundationType' || name === 'liquefaction',
      required: name !== 'remark' && name !== 'groundwaterDepth',
    }),
  ];
  const copyName: Rule[] = [ruleOf(copyBuildingQuery.shape.buildingName, t, t('buildings.copy.name'))];
  const reason: Rule[] = [ruleOf(buildingFeedbackRequest.shape.reason, t, t('buildings.reject.reason'))];

  return { building, heightForFloors, buildingIssues, hazard, design, survey, copyName, reason };
}
