import { Tag } from 'antd';
import { BUILDING_STATUSES, type BuildingStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** Grey while a draft, blue while the agency has it, green once confirmed, red when sent back. */
export const BUILDING_STATUS_COLORS: Record<BuildingStatus, string> = {
  DRAFT: 'default',
  SUBMITTED: 'blue',
  CONFIRMED: 'green',
  REJECTED: 'red',
};

export function BuildingStatusTag({ status }: { status: BuildingStatus }) {
  return (
    <Tag color={BUILDING_STATUS_COLORS[status]} data-testid="building-status" data-status={status}>
      {BUILDING_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
