import { Tag } from 'antd';
import { PROJECT_STATUSES, type ProjectStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** One colour per step of the lifecycle: grey while a draft, blue while moving, green once passed. */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'blue',
  MATERIALS_SENT: 'cyan',
  IN_REVIEW: 'orange',
  OPINIONS_ISSUED: 'purple',
  PASSED: 'green',
  FILED: 'geekblue',
};

export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  return (
    <Tag color={PROJECT_STATUS_COLORS[status]} data-testid="project-status" data-status={status}>
      {PROJECT_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
