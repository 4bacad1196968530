import { Tag } from 'antd';
import { BAD_ACTION_STATUSES, type BadActionStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/** Blue while the authority has it, red once confirmed (a finding against the unit), grey otherwise. */
const COLORS: Record<BadActionStatus, string> = {
  RECORDED: 'blue',
  CONFIRMED: 'red',
  REJECTED: 'default',
  WITHDRAWN: 'default',
};

export function BadActionStatusTag({ status }: { status: BadActionStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="bad-action-status" data-status={status}>
      {BAD_ACTION_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
