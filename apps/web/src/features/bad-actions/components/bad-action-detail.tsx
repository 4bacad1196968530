import { Alert, App, Button, Card, Descriptions, Space, Spin, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { BAD_ACTION_LIMITS, badActionKeyText, type BadAction } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAttachBadActionEvidence } from '../api/attach-bad-action-evidence';
import { downloadBadActionEvidence } from '../api/download-bad-action-evidence';
import { useBadAction } from '../api/get-bad-action';
import { BadActionDecision } from './bad-action-decision';
import { EVIDENCE_ACCEPT, EVIDENCE_MB, EVIDENCE_NAME } from './bad-action-form';
import { BadActionStatusTag } from './bad-action-status-tag';
import '../bad-actions-texts';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');

function Evidence({
  target,
  badAction,
  regionPath,
}: {
  target: ProjectTarget;
  badAction: BadAction;
  regionPath?: ((badAction: BadAction) => string | null) | undefined;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const attach = useAttachBadActionEvidence(target);
  const { region, evidenceFile } = badAction;
  const toRegion = region ? regionPath?.(badAction) : null;
  return (
    <Space orientation="vertical" size={4}>
      {region && (
        <span data-testid="bad-action-region">
          {t('badActions.region')}：
          {t('badActions.regionText', {
            file: badAction.regionFileName ?? '—',
            page: region.page + 1,
            x: Math.round(region.rect.x),
            y: Math.round(region.rect.y),
            width: Math.round(region.rect.width),
            height: Math.round(region.rect.height),
          })}
          {toRegion && (
            <>
              {' '}
              <Link to={toRegion} data-testid="bad-action-region-link">
                {t('badActions.openRegion')}
              </Link>
            </>
          )}
        </span>
      )}
      {evidenceFile && (
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void downloadBadActionEvidence(target, badAction.id, evidenceFile.name).catch((error: unknown) =>
              message.error(messageOf(error)),
            )
          }
          data-testid="bad-action-evidence"
        >
          {t('badActions.download')} {evidenceFile.name}
        </Button>
      )}
      {!region && !evidenceFile && t('badActions.noEvidence')}
      {badAction.can.attach && (
        <Upload
          accept={EVIDENCE_ACCEPT}
          showUploadList={false}
          beforeUpload={(picked) => {
            if (!EVIDENCE_NAME.test(picked.name)) void message.error(t('badActions.wrongType'));
            else if (picked.size > BAD_ACTION_LIMITS.evidenceBytesMax)
              void message.error(t('badActions.tooLarge', { mb: EVIDENCE_MB }));
            else
              attach.mutate(
                { id: badAction.id, file: picked },
                {
                  onSuccess: () => void message.success(t('badActions.attached')),
                  onError: (error) => void message.error(messageOf(error)),
                },
              );
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={attach.isPending}>
            {evidenceFile ? t('badActions.replaceFile') : t('badActions.chooseFile')}
          </Button>
        </Upload>
      )}
    </Space>
  );
}

/**
 * `badAction/detail/{id}`: the finding, its evidence and its course, with what the caller may do
 * now. `regionPath`: where the viewer opens at the region (the app knows the viewer's routes).
 */
export function BadActionDetail({
  target,
  id,
  listPath,
  regionPath,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
  regionPath?: (badAction: BadAction) => string | null;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const found = useBadAction(target, id);
  if (found.isPending) return <Spin />;
  if (found.isError)
    return (
      <Alert type="error" showIcon title={t('badActions.loadFailed', { message: found.error.message })} />
    );
  const b = found.data;
  const person = b.person;
  return (
    <Card
      title={t('badActions.detailTitle')}
      data-testid="bad-action-card"
      extra={
        <Link to={listPath}>
          <Button>{t('badActions.back')}</Button>
        </Link>
      }
    >
      <Descriptions column={1} bordered size="small" data-testid="bad-action-detail">
        <Descriptions.Item label={t('badActions.status')}>
          <BadActionStatusTag status={b.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('badActions.key')}>{badActionKeyText(b.key, locale)}</Descriptions.Item>
        <Descriptions.Item label={t('badActions.unit')}>
          {b.unit.name}（{t(`badActions.roles.${b.unit.role}`)}）
        </Descriptions.Item>
        <Descriptions.Item label={t('badActions.person')}>
          {person
            ? `${person.name}${person.registrationNo ? `（${t('badActions.registration')}：${person.registrationNo}）` : ''}`
            : t('badActions.personNone')}
        </Descriptions.Item>
        <Descriptions.Item label={t('badActions.description')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{b.description}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('badActions.evidence')}>
          <Evidence target={target} badAction={b} regionPath={regionPath} />
        </Descriptions.Item>
        <Descriptions.Item label={t('badActions.recordedBy')}>
          {b.recordedBy.name}（{b.recordedBy.orgName}），{time(b.recordedAt)}
        </Descriptions.Item>
        {b.decidedAt && (
          <Descriptions.Item label={t('badActions.decidedBy')}>
            {b.decidedByOrgName}，{time(b.decidedAt)}
          </Descriptions.Item>
        )}
        {b.rejectReason && (
          <Descriptions.Item label={t('badActions.rejectReason')}>{b.rejectReason}</Descriptions.Item>
        )}
        {b.withdrawnAt && (
          <Descriptions.Item label={t('badActions.withdrawnAt')}>{time(b.withdrawnAt)}</Descriptions.Item>
        )}
      </Descriptions>
      <div style={{ marginTop: 16 }}>
        <BadActionDecision target={target} badAction={b} />
      </div>
    </Card>
  );
}
