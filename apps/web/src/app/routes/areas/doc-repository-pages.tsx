import type { DocCategory } from '@drp/domain';
import { DocRepositoryScreen } from '../../../features/doc-repository/components/doc-repository-screen';
import { useProjectContext } from '../../layouts/project-layout';

/**
 * `/sys_submit/{projectId}/workingDrawing` (DESIGN) and `/reconnaissance` (SURVEY): the acting
 * unit's uploads of one category, through the member the project layout chose.
 */
export function DocRepositoryPage({ category }: { category: DocCategory }) {
  const { project, member } = useProjectContext();
  return (
    <DocRepositoryScreen
      key={`${member.orgId}-${category}`}
      target={{ orgId: member.orgId, projectId: project.id }}
      category={category}
    />
  );
}
