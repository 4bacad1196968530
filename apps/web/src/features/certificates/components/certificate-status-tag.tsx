import { Tag } from 'antd';
import { CERTIFICATE_STATUSES, type CertificateStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

const COLORS: Record<CertificateStatus, string> = {
  BUILDING: 'processing',
  READY: 'blue',
  FAILED: 'error',
  ISSUED: 'green',
  SUPERSEDED: 'default',
  REVOKED: 'red',
};

export function CertificateStatusTag({ status }: { status: CertificateStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="certificate-status" data-status={status}>
      {CERTIFICATE_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
