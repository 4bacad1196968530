import { Segmented } from 'antd';
import { useNavigate } from 'react-router';
import { DOC_CATEGORIES, type DocCategory } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { DocRepositoryScreenProps } from './doc-repository-screen-props';

/** The category's name, or a switch to the other category where the area shows both. */
export function DocScreenTitle({
  category,
  categoryLinks,
}: Pick<DocRepositoryScreenProps, 'category' | 'categoryLinks'>) {
  const locale = currentLocale();
  const navigate = useNavigate();
  if (!categoryLinks) return <span>{DOC_CATEGORIES[category][locale]}</span>;
  return (
    <Segmented<DocCategory>
      value={category}
      options={(['DESIGN', 'SURVEY'] as const).map((c) => ({ value: c, label: DOC_CATEGORIES[c][locale] }))}
      onChange={(c) => void navigate(categoryLinks[c])}
      data-testid="doc-category-switch"
    />
  );
}
