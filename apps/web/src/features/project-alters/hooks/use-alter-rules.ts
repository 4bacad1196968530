import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectAlterRequest, type AlterCategory } from '@drp/domain';
import { zodRule } from '../../../lib/zod-rule';

/** The change's own fields of `projectAlterRequest`, as they sit in the application form. */
export type AlterField = 'buildingIds' | 'categories' | 'content' | 'reason';

/** What the change part of the form holds. */
export interface AlterValues {
  buildingIds: string[];
  categories: AlterCategory[];
  content: string;
  reason: string;
}

/**
 * Each change field checked by its own schema of `projectAlterRequest` (so bounds cannot drift
 * from the server's), the issue said in the user's language.
 */
export function useAlterRules() {
  const { t } = useTranslation();
  const shape = projectAlterRequest.shape;
  const choose = (name: AlterField) => name === 'buildingIds' || name === 'categories';
  return (name: AlterField): FormRule[] => {
    const label = t(`projectAlters.fields.${name}`);
    return [
      zodRule(shape[name], {
        empty: () =>
          t(choose(name) ? 'projectAlters.rules.choose' : 'projectAlters.rules.required', { label }),
        describe: (issue) =>
          issue.code === 'too_big'
            ? t(choose(name) ? 'projectAlters.rules.chooseAtMost' : 'projectAlters.rules.maxLength', {
                label,
                max: issue.maximum,
              })
            : t('projectAlters.rules.invalid', { label }),
      }),
    ];
  };
}
