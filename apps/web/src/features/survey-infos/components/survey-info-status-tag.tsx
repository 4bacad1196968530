import { Tag } from 'antd';
import { SURVEY_INFO_STATUSES, type SurveyInfoStatus } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

export function SurveyInfoStatusTag({ status }: { status: SurveyInfoStatus }) {
  return (
    <Tag
      color={status === 'SUBMITTED' ? 'green' : 'default'}
      data-testid="survey-info-status"
      data-status={status}
    >
      {SURVEY_INFO_STATUSES[status][currentLocale()]}
    </Tag>
  );
}
