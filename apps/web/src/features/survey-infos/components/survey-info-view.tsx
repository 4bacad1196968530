import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  ENGINEERING_IMPORTANCE_GRADES,
  GROUND_COMPLEXITY_GRADES,
  SITE_COMPLEXITY_GRADES,
  SURVEY_GRADES,
  SURVEY_STAGES,
  type SurveyInfo,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { SurveyInfoStatusTag } from './survey-info-status-tag';
import './survey-infos.css';

const number = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** One survey unit's information, read-only. */
export function SurveyInfoView({ info }: { info: SurveyInfo }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const label = (key: string) => t(`surveyInfos.fields.${key}`);
  return (
    <Descriptions
      bordered
      column={{ xs: 1, md: 2 }}
      size="middle"
      className="project-detail survey-info-view"
      data-testid="survey-info-view"
    >
      <Descriptions.Item label={t('surveyInfos.org')}>{info.orgName}</Descriptions.Item>
      <Descriptions.Item label={t('surveyInfos.status')}>
        <SurveyInfoStatusTag status={info.status} />
      </Descriptions.Item>
      <Descriptions.Item label={label('stage')}>{SURVEY_STAGES[info.stage][locale]}</Descriptions.Item>
      <Descriptions.Item label={label('reportNo')}>{info.reportNo}</Descriptions.Item>
      <Descriptions.Item label={label('reportDate')}>{info.reportDate}</Descriptions.Item>
      <Descriptions.Item label={label('surveyGrade')}>
        <span data-testid="survey-grade">{SURVEY_GRADES[info.surveyGrade][locale]}</span>
      </Descriptions.Item>
      <Descriptions.Item label={label('importanceGrade')}>
        {ENGINEERING_IMPORTANCE_GRADES[info.importanceGrade][locale]}
      </Descriptions.Item>
      <Descriptions.Item label={label('siteComplexity')}>
        {SITE_COMPLEXITY_GRADES[info.siteComplexity][locale]}
      </Descriptions.Item>
      <Descriptions.Item label={label('groundComplexity')} span="filled">
        {GROUND_COMPLEXITY_GRADES[info.groundComplexity][locale]}
      </Descriptions.Item>
      <Descriptions.Item label={label('projectLeader')}>{info.projectLeader}</Descriptions.Item>
      <Descriptions.Item label={label('engineerName')}>{info.engineerName}</Descriptions.Item>
      <Descriptions.Item label={label('engineerCertNo')} span="filled">
        {info.engineerCertNo}
      </Descriptions.Item>
      <Descriptions.Item label={label('explorationPoints')}>
        {number(info.explorationPoints)}
      </Descriptions.Item>
      <Descriptions.Item label={label('totalDrilling')}>{number(info.totalDrilling)} m</Descriptions.Item>
      <Descriptions.Item label={label('groundwaterDepth')} span="filled">
        {info.groundwaterDepth === null
          ? t('surveyInfos.noGroundwater')
          : `${number(info.groundwaterDepth)} m`}
      </Descriptions.Item>
      <Descriptions.Item label={label('adverseGeology')} span="filled">
        <Typography.Paragraph className="multiline-text">
          {info.adverseGeology ?? t('surveyInfos.none')}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={label('conclusion')} span="filled">
        <Typography.Paragraph className="multiline-text" data-testid="survey-conclusion">
          {info.conclusion}
        </Typography.Paragraph>
      </Descriptions.Item>
      <Descriptions.Item label={t('surveyInfos.submittedAt')}>{time(info.submittedAt)}</Descriptions.Item>
      <Descriptions.Item label={t('surveyInfos.updatedAt')}>{time(info.updatedAt)}</Descriptions.Item>
    </Descriptions>
  );
}
