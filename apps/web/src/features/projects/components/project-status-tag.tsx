import type { CSSProperties } from 'react';
import { Tag } from 'antd';
import { PROJECT_STATUSES, type ProjectStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/**
 * One colour per step of the lifecycle: grey while a draft, blue while moving, orange in review,
 * green once passed. antd's preset tags put orange, green and cyan text on their pale backgrounds
 * below WCAG AA's 4.5:1 (审查中 at 3.3:1); these keep the hues with text dark enough (≥ 5:1).
 */
export const PROJECT_STATUS_COLORS: Record<ProjectStatus, CSSProperties> = {
  DRAFT: { color: 'rgba(0, 0, 0, 0.88)', background: '#fafafa', borderColor: '#d9d9d9' },
  SUBMITTED: { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' },
  MATERIALS_SENT: { color: '#006d75', background: '#e6fffb', borderColor: '#87e8de' },
  IN_REVIEW: { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' },
  OPINIONS_ISSUED: { color: '#531dab', background: '#f9f0ff', borderColor: '#d3adf7' },
  PASSED: { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' },
  FILED: { color: '#1d39c4', background: '#f0f5ff', borderColor: '#adc6ff' },
};

export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  return (
    <Tag style={PROJECT_STATUS_COLORS[status]} data-testid="project-status" data-status={status}>
      {PROJECT_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
