import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  MISSION_STATUSES,
  OPINION_EVENTS,
  OPINION_LIMITS,
  type Opinion,
  type OpinionHistoryEntry,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useDeleteOpinion, useOpinion, useReturnOpinion, useSpecialtyName } from '../api/opinions-api';
import { linkedSheetOf, OpinionForm, type ClauseFieldProps, type LinkedSheet } from './opinion-form';
import { ClauseLabel, MandatoryTag, OpinionStatusTag, useTypeName } from './opinion-parts';
import '../opinions-texts';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * One opinion: every field, the clause as it was cited (its version's text), the sheet region as a
 * link into the viewer, and its history (edits with the text before, returns with the reason). The
 * buttons are what `can` allows: edit (here, or beside the drawing), delete, and the checker's
 * return with a reason.
 */
export function OpinionDetailView({
  target,
  id,
  listPath,
  sheetPath,
  editFullPath,
  clauseField,
  onDeleted,
}: {
  target: ProjectTarget;
  id: string;
  listPath: string;
  sheetPath: (o: Opinion) => string | null;
  /** The full page opened on this opinion. */
  editFullPath: (o: Opinion) => string;
  clauseField: (props: ClauseFieldProps) => ReactNode;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const opinion = useOpinion(target, id);
  const remove = useDeleteOpinion(target);
  const giveBack = useReturnOpinion(target);
  const specialtyName = useSpecialtyName();
  const typeName = useTypeName();
  const [editing, setEditing] = useState(false);
  const [sheet, setSheet] = useState<LinkedSheet | null>(null);
  const [returning, setReturning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  if (opinion.isPending) return <Spin />;
  if (opinion.isError) return <Alert type="error" showIcon title={opinion.error.message} />;
  const o = opinion.data;
  const path = sheetPath(o);

  const describe = (h: OpinionHistoryEntry) => h.reason ?? h.previousText ?? '';

  return (
    <Card
      title={
        <h1 style={{ font: 'inherit', margin: 0 }}>{t('opinions.detailTitle', { number: o.number })}</h1>
      }
      extra={<Link to={listPath}>{t('opinions.backToList')}</Link>}
      data-testid="opinion-detail"
    >
      <Space orientation="vertical" size="large" className="full-width">
        {failure && (
          <Alert type="error" showIcon title={failure} role="alert" data-testid="opinion-failure" />
        )}
        {o.missionStatus === 'DONE' && (
          <Alert type="info" showIcon title={t('opinions.final')} data-testid="opinion-final" />
        )}
        {o.status === 'RETURNED' && o.returnReason && !editing && (
          <Alert
            type="warning"
            showIcon
            title={`${t('opinions.returnReason')}：${o.returnReason}`}
            data-testid="opinion-return-reason"
          />
        )}
        {editing ? (
          <OpinionForm
            target={target}
            kinds={[o.kind]}
            opinion={o}
            clauseField={clauseField}
            sheet={sheet}
            onSheetChange={setSheet}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <>
            <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle" data-testid="opinion-fields">
              <Descriptions.Item label={t('opinions.building')}>{o.buildingName}</Descriptions.Item>
              <Descriptions.Item label={t('opinions.specialty')}>
                {specialtyName(o.specialty, locale)}
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.type')}>{typeName(o)}</Descriptions.Item>
              <Descriptions.Item label={t('opinions.status')}>
                <OpinionStatusTag status={o.status} />
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.clauseCited')} span={2}>
                {o.clause ? (
                  <ClauseLabel clause={o.clause} withText />
                ) : o.mandatory ? (
                  <MandatoryTag />
                ) : (
                  t('opinions.noClause')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.text')} span={2}>
                <Typography.Paragraph
                  className="opinion-text-cell"
                  style={{ margin: 0 }}
                  data-testid="opinion-text-shown"
                >
                  {o.text}
                </Typography.Paragraph>
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.sheet')} span={2}>
                {o.sheet && path ? (
                  <Link to={path} data-testid="opinion-sheet-link">
                    {t('opinions.sheetAt', { name: o.sheet.fileName, page: o.sheet.page + 1 })}
                    {o.sheet.markupId ? t('opinions.region') : ''}
                  </Link>
                ) : (
                  t('opinions.noSheet')
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.reviewer')}>{o.reviewer.name}</Descriptions.Item>
              <Descriptions.Item label={t('opinions.missionStatus')}>
                {MISSION_STATUSES[o.missionStatus][locale]}
              </Descriptions.Item>
              <Descriptions.Item label={t('opinions.createdAt')}>{when(o.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('opinions.updatedAt')}>{when(o.updatedAt)}</Descriptions.Item>
            </Descriptions>
            <Space wrap>
              {o.can.edit && (
                <>
                  <Button
                    type="primary"
                    onClick={() => {
                      setSheet(linkedSheetOf(o));
                      setEditing(true);
                    }}
                    data-testid="opinion-edit"
                  >
                    {t(o.can.return ? 'opinions.checkerEdit' : 'opinions.edit')}
                  </Button>
                  <Link to={editFullPath(o)}>
                    <Button data-testid="opinion-edit-full">{t('opinions.newFull')}</Button>
                  </Link>
                </>
              )}
              {o.can.return && (
                <Button danger onClick={() => setReturning(true)} data-testid="opinion-return">
                  {t('opinions.returnOpinion')}
                </Button>
              )}
              {o.can.delete && (
                <Button
                  danger
                  loading={remove.isPending}
                  data-testid="opinion-delete"
                  onClick={() =>
                    modal.confirm({
                      title: t('opinions.deleteConfirm'),
                      okText: t('opinions.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('opinions.cancel'),
                      onOk: () =>
                        remove.mutateAsync(o.id).then(
                          () => {
                            void message.success(t('opinions.deleted'));
                            onDeleted();
                          },
                          (error: Error) => setFailure(error.message),
                        ),
                    })
                  }
                >
                  {t('opinions.delete')}
                </Button>
              )}
            </Space>
          </>
        )}
        <Table<OpinionHistoryEntry>
          rowKey={(h) => `${h.event}-${h.at}`}
          dataSource={o.history}
          pagination={false}
          title={() => (
            <h2 style={{ font: 'inherit', fontWeight: 600, margin: 0 }}>{t('opinions.history')}</h2>
          )}
          data-testid="opinion-history"
          columns={[
            { title: t('opinions.at'), key: 'at', render: (_, h) => when(h.at) },
            { title: t('opinions.event'), key: 'event', render: (_, h) => OPINION_EVENTS[h.event][locale] },
            { title: t('opinions.by'), key: 'by', render: (_, h) => h.by?.name ?? '' },
            {
              title: t('opinions.previousText'),
              key: 'what',
              render: (_, h) => <span className="opinion-text-cell">{describe(h)}</span>,
            },
          ]}
        />
      </Space>
      <Modal
        open={returning}
        title={t('opinions.returnTitle')}
        okText={t('opinions.returnOpinion')}
        cancelText={t('opinions.cancel')}
        okButtonProps={{ danger: true, loading: giveBack.isPending }}
        onCancel={() => setReturning(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) =>
            giveBack.mutate(
              { id: o.id, reason: v.reason },
              {
                onSuccess: () => {
                  setReturning(false);
                  setFailure(null);
                  void message.success(t('opinions.returned'));
                },
                onError: (error) => {
                  setReturning(false);
                  setFailure(error.message);
                },
              },
            )
          }
        >
          <Form.Item
            name="reason"
            label={t('opinions.returnReasonLabel')}
            rules={[{ required: true, whitespace: true, message: t('opinions.returnReasonRequired') }]}
          >
            <Input.TextArea
              rows={4}
              maxLength={OPINION_LIMITS.reasonMax}
              showCount
              data-testid="opinion-return-reason-input"
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
