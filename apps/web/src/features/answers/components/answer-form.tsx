import { useState } from 'react';
import { Alert, App, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_KIND_KEYS,
  ANSWER_KINDS,
  ANSWER_LIMITS,
  type AnswerItem,
  type AnswerKind,
  type AnswerWriteRequest,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAnswerStep } from '../api/answer-steps';
import { useRoundSheets } from '../api/get-round-sheets';
import '../answers-texts';

interface AnswerFormValues {
  kind: AnswerKind;
  text: string;
  fileId?: string;
  /** 1-based, as people count pages; sent 0-based. */
  page?: number;
  x?: number | null;
  y?: number | null;
  width?: number | null;
  height?: number | null;
}

const REGION_KEYS = ['x', 'y', 'width', 'height'] as const;
const REGION_LABELS = { x: 'regionX', y: 'regionY', width: 'regionWidth', height: 'regionHeight' } as const;

/** The server's refusals that concern one field go beside it; the rest above the form. */
const FIELD_OF: Record<string, keyof AnswerFormValues> = {
  ANSWER_SHEET_OUTSIDE: 'fileId',
  ANSWER_SHEET_NOT_OWN: 'fileId',
  ANSWER_PAGE_OUTSIDE: 'page',
};

function initialValues(item: AnswerItem): AnswerFormValues {
  const a = item.answer;
  if (!a) return { kind: 'REVISED', text: '', page: 1 };
  const region = a.sheet?.region;
  return {
    kind: a.kind,
    text: a.text,
    fileId: a.sheet?.fileId,
    page: a.sheet ? a.sheet.page + 1 : 1,
    x: region?.x ?? null,
    y: region?.y ?? null,
    width: region?.width ?? null,
    height: region?.height ?? null,
  };
}

function requestOf(values: AnswerFormValues): AnswerWriteRequest {
  if (values.kind === 'EXPLAINED') return { kind: 'EXPLAINED', text: values.text, sheet: null };
  const filled = REGION_KEYS.every((k) => typeof values[k] === 'number');
  return {
    kind: 'REVISED',
    text: values.text,
    sheet: {
      fileId: values.fileId!,
      page: (values.page ?? 1) - 1,
      region: filled ? { x: values.x!, y: values.y!, width: values.width!, height: values.height! } : null,
    },
  };
}

/**
 * The unit's answer to one opinion, new (POST) or changed (PUT): revised, naming one of its own
 * PDFs in the version the answers go with (`versionId`), the page and optionally where; or
 * explained. Rendered only while open, so each opinion starts from its own values.
 */
export function AnswerForm({
  target,
  item,
  versionId,
  onClose,
}: {
  target: ProjectTarget;
  item: AnswerItem;
  /** The round's version (`round.versionId` of the list). */
  versionId: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AnswerFormValues>();
  const kind = Form.useWatch('kind', form) ?? initialValues(item).kind;
  const step = useAnswerStep(target);
  const [failure, setFailure] = useState<string | null>(null);
  const category = item.kind === 'SURVEY' ? 'SURVEY' : 'DESIGN';
  const sheets = useRoundSheets(target, versionId, category, kind === 'REVISED');
  const changing = item.answer !== null;

  const save = async () => {
    const values = await form.validateFields();
    setFailure(null);
    try {
      await step.mutateAsync({
        step: changing ? 'change' : 'give',
        id: item.opinionId,
        body: requestOf(values),
      });
      void message.success(t('answers.saved'));
      onClose();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const field = error instanceof ApiError ? FIELD_OF[error.code] : undefined;
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setFailure(text);
    }
  };

  const regionRule = {
    validator: () => {
      const filled = REGION_KEYS.filter((k) => typeof form.getFieldValue(k) === 'number').length;
      return filled === 0 || filled === 4
        ? Promise.resolve()
        : Promise.reject(new Error(t('answers.regionIncomplete')));
    },
  };

  return (
    <Modal
      open
      title={t(changing ? 'answers.formChangeTitle' : 'answers.formTitle', {
        round: item.round,
        number: item.number,
      })}
      okText={t('answers.save')}
      cancelText={t('answers.cancel')}
      okButtonProps={{ loading: step.isPending, 'data-testid': 'answer-save' }}
      onOk={() => void save()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="answer-form-opinion">
        {item.text}
      </Typography.Paragraph>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginBottom: 16 }}
          data-testid="answer-error"
        />
      )}
      <Form<AnswerFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(item)}
        data-testid="answer-form"
        onValuesChange={() => failure && setFailure(null)}
      >
        <Form.Item name="kind" label={t('answers.kind')} rules={[{ required: true }]}>
          <Radio.Group
            options={ANSWER_KIND_KEYS.map((k) => ({ value: k, label: ANSWER_KINDS[k][currentLocale()] }))}
            data-testid="answer-kind"
          />
        </Form.Item>
        <Form.Item
          name="text"
          label={t('answers.text')}
          rules={[{ required: true, whitespace: true, message: t('answers.textRequired') }]}
        >
          <Input.TextArea
            rows={4}
            maxLength={ANSWER_LIMITS.textMax}
            showCount
            placeholder={t('answers.textPlaceholder')}
            data-testid="answer-text"
          />
        </Form.Item>
        {kind === 'REVISED' && (
          <>
            {sheets.error && <Alert type="error" showIcon title={sheets.error.message} />}
            {!sheets.loading && !sheets.error && sheets.sheets.length === 0 && (
              <Alert type="warning" showIcon title={t('answers.noSheets')} style={{ marginBottom: 16 }} />
            )}
            <Form.Item
              name="fileId"
              label={t('answers.sheet')}
              rules={[{ required: true, message: t('answers.sheetRequired') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={sheets.loading}
                placeholder={sheets.loading ? t('answers.sheetsLoading') : t('answers.sheetPlaceholder')}
                options={sheets.sheets.map((s) => ({
                  value: s.file.id,
                  label: `${s.path} / ${s.file.name}`,
                }))}
                data-testid="answer-sheet"
              />
            </Form.Item>
            <Form.Item
              name="page"
              label={t('answers.page')}
              rules={[{ required: true, message: t('answers.pageRequired') }]}
            >
              <InputNumber min={1} max={10000} precision={0} data-testid="answer-page" />
            </Form.Item>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              {t('answers.region')}
              <br />
              <Typography.Text>{t('answers.regionHint')}</Typography.Text>
            </Typography.Paragraph>
            <Row gutter={12}>
              {REGION_KEYS.map((k) => (
                <Col span={6} key={k}>
                  <Form.Item
                    name={k}
                    label={t(`answers.${REGION_LABELS[k]}`)}
                    dependencies={REGION_KEYS.filter((o) => o !== k)}
                    rules={[regionRule]}
                  >
                    <InputNumber
                      min={k === 'width' || k === 'height' ? 0.01 : 0}
                      max={ANSWER_LIMITS.coordinateMax}
                      style={{ width: '100%' }}
                      data-testid={`answer-region-${k}`}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </>
        )}
      </Form>
    </Modal>
  );
}
