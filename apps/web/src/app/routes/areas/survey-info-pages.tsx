import { Alert, Button, Card, Result, Space } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SurveyInfo } from '@drp/domain';
import { FullPageSpin } from '../../../components/full-page-spin';
import type { ProjectTarget } from '../../../lib/project-target';
import { useOwnSurveyInfo } from '../../../features/survey-infos/api/get-own-survey-info';
import { useSurveyInfos } from '../../../features/survey-infos/api/get-survey-infos';
import { SurveyInfoForm } from '../../../features/survey-infos/components/survey-info-form';
import { SurveyInfoList } from '../../../features/survey-infos/components/survey-info-list';
import { SurveyInfoStatusTag } from '../../../features/survey-infos/components/survey-info-status-tag';
import { SurveyInfoView } from '../../../features/survey-infos/components/survey-info-view';
import { useProjectContext } from '../../layouts/project-layout';

const enc = encodeURIComponent;

/** The survey screens of the submit area, under `/sys_submit/{orgId}/{projectId}/`. */
function useSurveyScope() {
  const { project, member } = useProjectContext();
  const target: ProjectTarget = { orgId: member.orgId, projectId: project.id };
  const base = `/sys_submit/${enc(member.orgId)}/${enc(project.id)}`;
  return {
    target,
    /** Only a survey unit named in the application has survey information of its own. */
    isSurveyUnit: project.can.fillSurveyInfo,
    listPath: `${base}/surveyInfoList`,
    formPath: `${base}/surveyInfo`,
    infoPath: (id: string) => `${base}/surveyInfo/${enc(id)}`,
  };
}

/** `surveyInfoList`: the application's survey information; a survey unit of it fills in its own. */
export function SurveyInfoListPage() {
  const scope = useSurveyScope();
  return (
    <SurveyInfoList
      target={scope.target}
      canFill={scope.isSurveyUnit}
      formPath={scope.formPath}
      infoPath={scope.infoPath}
    />
  );
}

function BackToList({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Link to={path}>
      <Button icon={<ArrowLeftOutlined />} data-testid="back-to-survey-list">
        {t('surveyInfos.backToList')}
      </Button>
    </Link>
  );
}

/** The acting unit's draft as a form, or any submitted (or other unit's) information read-only. */
function SurveyInfoScreen({ info, editable }: { info: SurveyInfo | null; editable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const scope = useSurveyScope();
  if (editable && info?.status !== 'SUBMITTED')
    return (
      <Card
        title={
          <Space>
            {t('surveyInfos.formTitle')}
            {info && <SurveyInfoStatusTag status={info.status} />}
          </Space>
        }
      >
        <SurveyInfoForm
          key={info?.id ?? 'new'}
          target={scope.target}
          info={info}
          onBack={() => void navigate(scope.listPath)}
        />
      </Card>
    );
  if (!info) return null;
  return (
    <Card title={t('surveyInfos.viewTitle')} extra={<BackToList path={scope.listPath} />}>
      <SurveyInfoView info={info} />
    </Card>
  );
}

/** Someone who is not a survey unit of the application has nothing to fill in. */
function NotSurveyUnit() {
  const { t } = useTranslation();
  const scope = useSurveyScope();
  return (
    <Result
      status="info"
      title={t('surveyInfos.notSurveyUnit')}
      subTitle={t('surveyInfos.notSurveyUnitText')}
      extra={<BackToList path={scope.listPath} />}
      data-testid="not-survey-unit"
    />
  );
}

/** `surveyInfo`: the acting survey unit's own information, new or its current one (`get`). */
export function SurveyInfoFormPage() {
  const scope = useSurveyScope();
  const own = useOwnSurveyInfo(scope.target, scope.isSurveyUnit);
  if (!scope.isSurveyUnit) return <NotSurveyUnit />;
  if (own.isPending) return <FullPageSpin />;
  if (own.isError) return <Alert type="error" showIcon title={own.error.message} />;
  return <SurveyInfoScreen info={own.data} editable />;
}

/** `surveyInfo/:id`: one unit's information; the acting unit's own draft can still be changed. */
export function SurveyInfoPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const scope = useSurveyScope();
  const infos = useSurveyInfos(scope.target);
  if (infos.isPending) return <FullPageSpin />;
  if (infos.isError) return <Alert type="error" showIcon title={infos.error.message} />;
  const info = infos.data.find((i) => i.id === id);
  if (!info)
    return (
      <Result
        status="404"
        title={t('surveyInfos.notFound')}
        extra={<BackToList path={scope.listPath} />}
        data-testid="survey-info-not-found"
      />
    );
  return <SurveyInfoScreen info={info} editable={scope.isSurveyUnit && info.orgId === scope.target.orgId} />;
}
