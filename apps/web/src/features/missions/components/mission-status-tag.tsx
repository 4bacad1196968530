import { Tag } from 'antd';
import { MISSION_STATUSES, type MissionStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** Blue while the reviewer works, gold while it waits for the checker, red when returned, green done. */
const COLORS: Record<MissionStatus, string> = {
  ASSIGNED: 'blue',
  SUBMITTED: 'gold',
  RETURNED: 'red',
  DONE: 'green',
};

export function MissionStatusTag({ status }: { status: MissionStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="mission-status" data-status={status}>
      {MISSION_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
