import { Tag } from 'antd';
import { SIGNING_TASK_STATUSES, type SigningTaskStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

const COLORS: Record<SigningTaskStatus, string> = { WAITING: 'default', PENDING: 'blue', SIGNED: 'green' };

export function SigningStatusTag({ status }: { status: SigningTaskStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="signing-status" data-status={status}>
      {SIGNING_TASK_STATUSES[status][currentLocale()]}
    </Tag>
  );
}

/** A check's outcome: green when good, red when not, in words (colour is never the only cue). */
export function CheckTag({ good, yes, no }: { good: boolean; yes: string; no: string }) {
  return <Tag color={good ? 'green' : 'red'}>{good ? yes : no}</Tag>;
}
