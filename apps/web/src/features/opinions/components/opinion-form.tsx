import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ENERGY_OPINION_KEYS,
  ENERGY_OPINION_KEY_KEYS,
  ENERGY_SPECIALTY,
  OPINION_LIMITS,
  type ClauseVersionWithStandard,
  type EnergyOpinionKey,
  type Opinion,
  type OpinionKind,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useOpinionTypes, useSaveOpinion, useSpecialtyName, useWritableMissions } from '../api/opinions-api';
import { PhrasePanel } from './phrase-panel';
import '../opinions-texts';
import './opinions.css';

/** The sheet an opinion is linked to, as the form shows it. */
export interface LinkedSheet {
  fileId: string;
  fileName: string;
  page: number;
  markupId: string | null;
  /** The markup is still in its author's own layer (recording publishes it). */
  ownMarkup?: boolean;
}

export const linkedSheetOf = (o: Opinion | undefined): LinkedSheet | null =>
  o?.sheet
    ? { fileId: o.sheet.fileId, fileName: o.sheet.fileName, page: o.sheet.page, markupId: o.sheet.markupId }
    : null;

/** What the app gives the form for the clause (features/clauses' picker: no feature imports another). */
export interface ClauseFieldProps {
  id: string;
  value: string | null;
  onChange: (versionId: string | null, clause: ClauseVersionWithStandard | null) => void;
  specialty: string | undefined;
  'aria-label': string;
}

interface Values {
  missionId: string;
  opinionType: string;
  energyKey?: EnergyOpinionKey;
  clauseVersionId: string | null;
  text: string;
}

/**
 * Recording or changing one opinion, on the list's `new` page and on the full page beside the
 * viewer alike: the mission (building × specialty among the caller's open ones), the type, the
 * energy finding for energy saving, the clause, the text with the phrase lists, and the sheet and
 * region the page links (the full page from the viewer's selected markup). A draft stays the
 * reviewer's; "record" makes it part of the mission. The server's refusals show as it words them.
 */
export function OpinionForm({
  target,
  kinds,
  opinion,
  missionId,
  clauseField,
  sheet,
  onSheetChange,
  sheetControls,
  beforeSave,
  onSaved,
  onCancel,
}: {
  target: ProjectTarget;
  /** The kinds whose missions may be chosen: the list's own, or all three on the full page. */
  kinds: readonly OpinionKind[];
  opinion?: Opinion;
  /** Preselected mission (from the mission's page). */
  missionId?: string;
  clauseField: (props: ClauseFieldProps) => ReactNode;
  sheet: LinkedSheet | null;
  onSheetChange: (sheet: LinkedSheet | null) => void;
  /** The full page's linking buttons (the viewer is beside it); elsewhere a hint. */
  sheetControls?: ReactNode;
  /** Runs before a save (the full page publishes the linked markup when recording). */
  beforeSave?: (input: { draft: boolean; sheet: LinkedSheet | null }) => Promise<void>;
  onSaved: (saved: Opinion, draft: boolean) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const writable = useWritableMissions(target, kinds);
  const types = useOpinionTypes();
  const specialtyName = useSpecialtyName();
  const save = useSaveOpinion(target);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'draft' | 'record' | null>(null);

  const missions = opinion
    ? [
        {
          id: opinion.missionId,
          buildingId: opinion.buildingId,
          buildingName: opinion.buildingName,
          specialty: opinion.specialty,
          kind: opinion.kind,
        },
      ]
    : writable.missions;
  const preset =
    opinion?.missionId ??
    (missionId && missions.some((m) => m.id === missionId)
      ? missionId
      : missions.length === 1
        ? missions[0]!.id
        : undefined);
  const chosenId = Form.useWatch('missionId', form) ?? preset;
  const chosen = missions.find((m) => m.id === chosenId);
  const energy = chosen?.specialty === ENERGY_SPECIALTY;
  const text = Form.useWatch('text', form) ?? opinion?.text ?? '';
  // A checker edits a submitted mission's opinion: its status stays, so there is no draft.
  const checkerEdit = opinion !== undefined && opinion.missionStatus === 'SUBMITTED';

  const submit = async (draft: boolean) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setPending(draft ? 'draft' : 'record');
    setFailure(null);
    try {
      await beforeSave?.({ draft, sheet });
      const saved = await save.mutateAsync({
        id: opinion?.id,
        body: {
          missionId: values.missionId,
          opinionType: values.opinionType,
          energyKey: energy ? (values.energyKey ?? null) : null,
          clauseVersionId: values.clauseVersionId ?? null,
          text: values.text,
          sheet: sheet ? { fileId: sheet.fileId, page: sheet.page, markupId: sheet.markupId } : null,
          draft,
        },
      });
      void message.success(
        t(saved.status === 'DRAFT' ? 'opinions.draftSaved' : 'opinions.saved', { number: saved.number }),
      );
      onSaved(saved, draft);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setPending(null);
    }
  };

  // The preselected mission is the form's initial value: it waits for the missions.
  if (!opinion && writable.isPending) return <Spin />;
  if (!opinion && missions.length === 0)
    return (
      <Alert type="info" showIcon title={t('opinions.cannotWrite')} data-testid="opinion-cannot-write" />
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      data-testid="opinion-form"
      initialValues={{
        missionId: preset,
        opinionType: opinion?.opinionType,
        energyKey: opinion?.energyKey ?? undefined,
        clauseVersionId: opinion?.clause?.id ?? null,
        text: opinion?.text ?? '',
      }}
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="opinion-failure"
          role="alert"
        />
      )}
      {opinion?.status === 'RETURNED' && opinion.returnReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${t('opinions.returnReason')}：${opinion.returnReason}`}
          data-testid="opinion-return-reason"
        />
      )}
      <Form.Item
        name="missionId"
        label={t('opinions.mission')}
        rules={[{ required: true, message: t('opinions.missionRequired') }]}
      >
        <Select
          disabled={opinion !== undefined}
          loading={writable.isPending}
          options={missions.map((m) => ({
            value: m.id,
            label: t('opinions.missionOption', {
              building: m.buildingName,
              specialty: specialtyName(m.specialty, locale),
            }),
          }))}
          data-testid="opinion-mission"
        />
      </Form.Item>
      <Form.Item
        name="opinionType"
        label={t('opinions.type')}
        rules={[{ required: true, message: t('opinions.typeRequired') }]}
      >
        <Select
          loading={types.isPending}
          options={(types.data?.items ?? []).map((i) => ({
            value: i.code,
            label: locale === 'en-US' ? i.nameEn : i.name,
          }))}
          data-testid="opinion-type"
        />
      </Form.Item>
      {energy && (
        <Form.Item
          name="energyKey"
          label={t('opinions.energyKey')}
          rules={[{ required: true, message: t('opinions.energyKeyRequired') }]}
        >
          <Select
            options={ENERGY_OPINION_KEY_KEYS.map((k) => ({
              value: k,
              label: ENERGY_OPINION_KEYS[k][locale],
            }))}
            data-testid="opinion-energy-key"
          />
        </Form.Item>
      )}
      <Form.Item name="clauseVersionId" label={t('opinions.clause')} extra={t('opinions.clauseHint')}>
        <ClauseSlot render={clauseField} specialty={chosen?.specialty} label={t('opinions.clause')} />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('opinions.text')}
        rules={[{ required: true, whitespace: true, message: t('opinions.textRequired') }]}
      >
        <Input.TextArea rows={5} maxLength={OPINION_LIMITS.textMax} showCount data-testid="opinion-text" />
      </Form.Item>
      <div style={{ marginBottom: 24 }}>
        <PhrasePanel
          orgId={target.orgId}
          specialty={chosen?.specialty}
          currentText={text}
          onInsert={(phrase) => {
            const before = (form.getFieldValue('text') as string | undefined) ?? '';
            form.setFieldValue('text', before.trim() ? `${before.trimEnd()}\n${phrase.text}` : phrase.text);
            if (phrase.clause && !form.getFieldValue('clauseVersionId'))
              form.setFieldValue('clauseVersionId', phrase.clause.id);
          }}
        />
      </div>
      <section aria-labelledby="opinion-sheet-title" style={{ marginBottom: 24 }} data-testid="opinion-sheet">
        <Typography.Text strong id="opinion-sheet-title" style={{ display: 'block', marginBottom: 8 }}>
          {t('opinions.sheetSection')}
        </Typography.Text>
        <Space wrap>
          <Typography.Text data-testid="opinion-sheet-linked">
            {sheet
              ? t(sheet.markupId ? 'opinions.sheetLinkedRegion' : 'opinions.sheetLinked', {
                  name: sheet.fileName,
                  page: sheet.page + 1,
                })
              : t('opinions.sheetNone')}
          </Typography.Text>
          {sheet && (
            <Button size="small" onClick={() => onSheetChange(null)} data-testid="opinion-sheet-clear">
              {t('opinions.sheetClear')}
            </Button>
          )}
        </Space>
        <div style={{ marginTop: 8 }}>
          {sheetControls ?? (
            <Typography.Text type="secondary">{t('opinions.sheetUseFullPage')}</Typography.Text>
          )}
        </div>
      </section>
      <Space wrap>
        {checkerEdit ? (
          <Button
            type="primary"
            loading={pending === 'record'}
            onClick={() => void submit(false)}
            data-testid="opinion-record"
          >
            {t('opinions.saveRecord')}
          </Button>
        ) : (
          <>
            <Button
              type="primary"
              loading={pending === 'record'}
              disabled={pending === 'draft'}
              onClick={() => void submit(false)}
              data-testid="opinion-record"
            >
              {t('opinions.record')}
            </Button>
            <Button
              loading={pending === 'draft'}
              disabled={pending === 'record'}
              onClick={() => void submit(true)}
              data-testid="opinion-draft"
            >
              {t('opinions.saveDraft')}
            </Button>
          </>
        )}
        {onCancel && <Button onClick={onCancel}>{t('opinions.cancel')}</Button>}
      </Space>
    </Form>
  );
}

/** Form.Item hands its value, onChange and id to its child: the app's picker gets them here. */
function ClauseSlot({
  render,
  specialty,
  label,
  id = 'clauseVersionId',
  value = null,
  onChange,
}: {
  render: (props: ClauseFieldProps) => ReactNode;
  specialty: string | undefined;
  label: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  return render({ id, value, onChange: (v) => onChange?.(v), specialty, 'aria-label': label });
}
