import { Alert, Card, Collapse, Empty, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SURVEY_GRADES } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSurveyInfos } from '../api/get-survey-infos';
import { SurveyInfoStatusTag } from './survey-info-status-tag';
import { SurveyInfoView } from './survey-info-view';

/**
 * The survey units' information of an application, read-only, for its detail pages: the
 * construction unit, the agency and the supervisors read what the survey units submitted.
 */
export function SurveyInfosCard({ target }: { target: ProjectTarget }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const infos = useSurveyInfos(target);
  const items = infos.data ?? [];

  return (
    <Card title={t('surveyInfos.title')} loading={infos.isPending} data-testid="survey-infos">
      {infos.isError ? (
        <Alert type="error" showIcon title={infos.error.message} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('surveyInfos.noneSubmitted')} />
      ) : (
        <Collapse
          defaultActiveKey={items.length === 1 ? [items[0]!.id] : []}
          items={items.map((info) => ({
            key: info.id,
            label: (
              <Space wrap>
                <span>{info.orgName}</span>
                <SurveyInfoStatusTag status={info.status} />
                <Typography.Text type="secondary">
                  {info.reportNo} · {SURVEY_GRADES[info.surveyGrade][locale]}
                  {info.submittedAt && ` · ${dayjs(info.submittedAt).format('YYYY-MM-DD HH:mm')}`}
                </Typography.Text>
              </Space>
            ),
            children: <SurveyInfoView info={info} />,
          }))}
        />
      )}
    </Card>
  );
}
