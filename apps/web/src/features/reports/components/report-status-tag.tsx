import { Tag } from 'antd';
import { REPORT_CONCLUSIONS, REPORT_STATUSES, type ReportConclusion, type ReportStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

const STATUS_COLORS: Record<ReportStatus, string> = {
  COMPILING: 'processing',
  READY: 'blue',
  FAILED: 'error',
  FORWARDED: 'green',
};

export function ReportStatusTag({ status }: { status: ReportStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="report-status" data-status={status}>
      {REPORT_STATUSES[status][currentLocale()]}
    </Tag>
  );
}

/** 合格 in green, 需修改后复审 in orange: what the units must do next, at a glance. */
export function ReportConclusionTag({ conclusion }: { conclusion: ReportConclusion }) {
  return (
    <Tag
      color={conclusion === 'PASSED' ? 'green' : 'orange'}
      data-testid="report-conclusion"
      data-conclusion={conclusion}
    >
      {REPORT_CONCLUSIONS[conclusion][currentLocale()]}
    </Tag>
  );
}
