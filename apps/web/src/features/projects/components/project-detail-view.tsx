import type { ReactNode } from 'react';
import { Alert, App, Button, Card, Descriptions, Result, Space, Tag } from 'antd';
import {
  ApartmentOutlined,
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { FullPageSpin } from '../../../components/full-page-spin';
import { ApiError } from '../../../lib/http';
import { useDeleteApplication } from '../api/delete-application';
import { useProjectDetail } from '../api/get-project-detail';
import { useRevokeApplication } from '../api/revoke-application';
import { useSubmitApplication } from '../api/submit-application';
import { useDictionaryOptions } from '../hooks/use-dictionary-options';
import { ProjectStatusTag } from './project-status-tag';

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
const number = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/** What a missing project and one out of reach both look like (the server answers 404 to both). */
export function ProjectNotFound({ backPath }: { backPath: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('projects.notFound')}
      subTitle={t('projects.notFoundText')}
      extra={
        <Link to={backPath}>
          <Button type="primary">{t('projects.backToList')}</Button>
        </Link>
      }
      data-testid="project-not-found"
    />
  );
}

/**
 * One review application, read-only, with the construction unit's actions when `manage` is set:
 * edit and delete a draft, submit it, recall it until the review agency accepts it. Which of them
 * it may take now is the server's word (`can`).
 */
export function ProjectDetailView({
  id,
  orgId,
  listPath,
  editPath,
  manage = false,
  onDeleted,
  buildingsPath,
  children,
}: {
  id: string;
  /** The acting organisation. */
  orgId: string | null;
  listPath: string;
  editPath?: (id: string, isAlter: boolean) => string;
  manage?: boolean;
  onDeleted?: () => void;
  /** The project's buildings (单体), where the area has that screen. */
  buildingsPath?: string;
  /** Shown above the application's own details (a change application's change part). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const detail = useProjectDetail(id, orgId);
  const projectTypes = useDictionaryOptions('projectType');
  const constructTypes = useDictionaryOptions('constructType');
  const stages = useDictionaryOptions('stage');
  const remove = useDeleteApplication();
  const submit = useSubmitApplication();
  const revoke = useRevokeApplication();

  // Dictionary names, not codes, from the first paint (a failed dictionary falls back to codes).
  if (detail.isPending || projectTypes.loading || constructTypes.loading || stages.loading)
    return <FullPageSpin />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404)
      return <ProjectNotFound backPath={listPath} />;
    return <Alert type="error" showIcon title={detail.error.message} />;
  }
  const p = detail.data;
  const busy = remove.isPending || submit.isPending || revoke.isPending;

  /** Asks first, then acts; a refusal is said in the server's words and the page shows what is true now. */
  const act = (title: string, content: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
          void message.success(done);
        } catch (error) {
          void message.error(error instanceof ApiError ? error.message : String(error));
          void detail.refetch();
        }
      },
    });

  const actions = (
    <Space wrap>
      {buildingsPath && (
        <Link to={buildingsPath}>
          <Button icon={<ApartmentOutlined />} data-testid="project-buildings">
            {t('buildings.open')}
          </Button>
        </Link>
      )}
      {manage && p.can.edit && editPath && (
        <Link to={editPath(p.id, p.isAlter)}>
          <Button icon={<EditOutlined />} data-testid="edit-project">
            {t('projects.edit')}
          </Button>
        </Link>
      )}
      {manage && p.can.delete && (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={busy}
          data-testid="delete-project"
          onClick={() =>
            act(
              t('projects.delete'),
              t('projects.confirmDelete', { name: p.name }),
              async () => {
                await remove.mutateAsync(p.id);
                onDeleted?.();
              },
              t('projects.deleted'),
              true,
            )
          }
        >
          {t('projects.delete')}
        </Button>
      )}
      {manage && p.can.submit && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={busy}
          data-testid="submit-project"
          onClick={() =>
            act(
              t('projects.submit'),
              t('projects.confirmSubmit'),
              () => submit.mutateAsync({ id: p.id, seen: p.submitCount }),
              t('projects.submitted'),
            )
          }
        >
          {t('projects.submit')}
        </Button>
      )}
      {manage && p.can.revoke && (
        <Button
          icon={<RollbackOutlined />}
          disabled={busy}
          data-testid="revoke-project"
          onClick={() =>
            act(
              t('projects.revoke'),
              t('projects.confirmRevoke'),
              () => revoke.mutateAsync(p.id),
              t('projects.revoked'),
              true,
            )
          }
        >
          {t('projects.revoke')}
        </Button>
      )}
    </Space>
  );

  const parties = (list: { orgId: string; orgName: string }[]) =>
    list.length === 0
      ? t('projects.none')
      : list.map((o) => (
          <Tag key={o.orgId} className="project-party">
            {o.orgName}
          </Tag>
        ));

  return (
    <Card
      title={
        <Space wrap>
          <Link to={listPath} aria-label={t('projects.backToList')} title={t('projects.backToList')}>
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} data-testid="back-to-list" />
          </Link>
          <span data-testid="project-name">{p.name}</span>
          {p.isAlter && (
            <Tag color="orange" data-testid="alter-tag">
              {t('projects.isAlter')}
            </Tag>
          )}
        </Space>
      }
      extra={actions}
    >
      {children}
      <Descriptions
        bordered
        column={{ xs: 1, md: 2 }}
        size="middle"
        className="project-detail"
        data-testid="project-detail"
      >
        <Descriptions.Item label={t('projects.fields.code')}>
          <span data-testid="project-code">{p.code}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.status')}>
          <ProjectStatusTag status={p.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.name')}>{p.name}</Descriptions.Item>
        <Descriptions.Item label={t('projects.construct')}>{p.construct.orgName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.regionCode')}>{p.region || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.address')}>{p.address || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.landUsePermitNo')}>
          {p.landUsePermitNo ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.planningPermitNo')}>
          {p.planningPermitNo ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.totalArea')}>
          <div data-testid="project-area">
            <span>{number(p.totalArea)} m²</span>
            <span className="project-area-split">
              {t('projects.areaSplit', {
                above: number(p.aboveGroundArea),
                below: number(p.belowGroundArea),
              })}
            </span>
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.investment')}>
          {number(p.investment)} {t('projects.investUnit')}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.projectType')}>
          {projectTypes.label(p.projectType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.constructType')}>
          {constructTypes.label(p.constructType)}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.stage')}>{stages.label(p.stage)}</Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.contactName')}>{p.contactName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.contactPhone')}>
          {p.contactPhone || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.designOrgIds')}>
          {parties(p.designList)}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.surveyOrgIds')}>
          {parties(p.surveyList)}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.fields.censorOrgId')}>
          {p.censor.orgName || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.submitCount')}>
          <span data-testid="project-submit-count">{p.submitCount}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('projects.submittedAt')}>{time(p.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('projects.acceptedAt')}>{time(p.acceptedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('projects.createdAt')}>{time(p.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('projects.updatedAt')} span="filled">
          {time(p.updatedAt)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
