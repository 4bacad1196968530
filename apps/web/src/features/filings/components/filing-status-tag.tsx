import { Tag } from 'antd';
import { FILING_STATUSES, type FilingStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

const COLORS: Record<FilingStatus, string> = { PENDING: 'blue', CONFIRMED: 'green', REJECTED: 'red' };

export function FilingStatusTag({ status }: { status: FilingStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="filing-status" data-status={status}>
      {FILING_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
