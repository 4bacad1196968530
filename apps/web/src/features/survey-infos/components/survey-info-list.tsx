import { Alert, Button, Card, Table } from 'antd';
import { EditOutlined, EyeOutlined, FormOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SURVEY_GRADES, SURVEY_STAGES, type SurveyInfo } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useSurveyInfos } from '../api/get-survey-infos';
import { SurveyInfoStatusTag } from './survey-info-status-tag';

/**
 * The application's survey information (`getSurveyInfos`): every survey unit's submitted one and
 * the acting unit's own draft. A survey unit of the project (`canFill`) starts or continues its own.
 */
export function SurveyInfoList({
  target,
  canFill,
  formPath,
  infoPath,
}: {
  target: ProjectTarget;
  canFill: boolean;
  /** The acting unit's own form. */
  formPath: string;
  infoPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const infos = useSurveyInfos(target);
  const own = infos.data?.find((i) => i.orgId === target.orgId);
  // Its own information says itself whether it may still change (`can`); before the first save
  // there is none, and a survey unit of the project may start one.
  const mayFill = canFill && infos.isSuccess && (own ? own.can.edit : true);

  return (
    <Card
      title={t('surveyInfos.listTitle')}
      extra={
        mayFill && (
          <Link to={own ? infoPath(own.id) : formPath}>
            <Button type="primary" icon={<FormOutlined />} data-testid="fill-survey-info">
              {own ? t('surveyInfos.continue') : t('surveyInfos.fill')}
            </Button>
          </Link>
        )
      }
    >
      {infos.isError && (
        <Alert type="error" showIcon title={infos.error.message} className="paged-table-error" />
      )}
      <Table<SurveyInfo>
        rowKey="id"
        loading={infos.isPending}
        dataSource={infos.data ?? []}
        pagination={false}
        locale={{ emptyText: t('surveyInfos.noneYet') }}
        data-testid="survey-info-table"
        columns={[
          { title: t('surveyInfos.org'), dataIndex: 'orgName' },
          {
            title: t('surveyInfos.fields.stage'),
            dataIndex: 'stage',
            render: (v: SurveyInfo['stage']) => SURVEY_STAGES[v][locale],
          },
          {
            title: t('surveyInfos.fields.surveyGrade'),
            dataIndex: 'surveyGrade',
            render: (v: SurveyInfo['surveyGrade']) => SURVEY_GRADES[v][locale],
          },
          { title: t('surveyInfos.fields.reportNo'), dataIndex: 'reportNo' },
          {
            title: t('surveyInfos.fields.reportDate'),
            dataIndex: 'reportDate',
            render: (v: string) => <span className="nowrap">{v}</span>,
          },
          {
            title: t('surveyInfos.status'),
            dataIndex: 'status',
            render: (v: SurveyInfo['status']) => <SurveyInfoStatusTag status={v} />,
          },
          {
            title: t('surveyInfos.submittedAt'),
            dataIndex: 'submittedAt',
            render: (v: string | null) => (
              <span className="nowrap">{v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'}</span>
            ),
          },
          {
            title: t('surveyInfos.actions'),
            key: 'actions',
            render: (_, info) => {
              const editable = info.can.edit;
              return (
                <Link to={infoPath(info.id)}>
                  <Button type="link" size="small" icon={editable ? <EditOutlined /> : <EyeOutlined />}>
                    {editable ? t('surveyInfos.edit') : t('surveyInfos.view')}
                  </Button>
                </Link>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
