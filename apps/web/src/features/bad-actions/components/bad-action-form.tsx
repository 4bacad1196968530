import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  Select,
  Space,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BAD_ACTION_KEY_KEYS,
  BAD_ACTION_LIMITS,
  badActionKeyText,
  type BadAction,
  type BadActionKey,
  type BadActionRegion,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { attachBadActionEvidence } from '../api/attach-bad-action-evidence';
import { useBadActionSubjects } from '../api/get-bad-action-subjects';
import { useRecordBadAction } from '../api/record-bad-action';
import '../bad-actions-texts';

/** What the server accepts, judged there by the bytes; the picker offers the same names. */
export const EVIDENCE_ACCEPT = '.pdf,.ofd,.jpg,.jpeg,.png';
export const EVIDENCE_NAME = /\.(pdf|ofd|jpe?g|png)$/i;
export const EVIDENCE_MB = BAD_ACTION_LIMITS.evidenceBytesMax / 1024 / 1024;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** A region picked on a sheet, with its file's name to show in the form. */
export type PickedRegion = BadActionRegion & { fileName: string };

interface Values {
  key: BadActionKey;
  orgId: string;
  memberId?: string;
  description: string;
}

/**
 * `badAction/new`: the kind, the unit (and optionally one of its people, with their registration),
 * what was found, and evidence: a region of a sheet, a file, or both. The file goes once the record
 * exists, so a refused record stores no bytes. The region is picked by `regionPicker`, which the
 * app composes from the repository and the sheets (features do not import each other).
 */
export function BadActionForm({
  target,
  listPath,
  onRecorded,
  regionPicker,
}: {
  target: ProjectTarget;
  listPath: string;
  onRecorded: (badAction: BadAction) => void;
  regionPicker?: (value: PickedRegion | null, onChange: (region: PickedRegion | null) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const subjects = useBadActionSubjects(target);
  const record = useRecordBadAction(target);
  const [file, setFile] = useState<File | null>(null);
  const [region, setRegion] = useState<PickedRegion | null>(null);
  const [saving, setSaving] = useState(false);
  const orgId = Form.useWatch('orgId', form);
  const people = subjects.data?.units.find((u) => u.orgId === orgId)?.people ?? [];
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('badActions.required', { field }),
  });

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const made = await record.mutateAsync({
        key: values.key,
        orgId: values.orgId,
        memberId: values.memberId ?? null,
        description: values.description,
        region: region && { fileId: region.fileId, page: region.page, rect: region.rect },
      });
      const final = file ? await attachBadActionEvidence(target, made.id, file) : made;
      void message.success(t('badActions.recorded'));
      onRecorded(final);
    } catch (error) {
      void message.error(messageOf(error));
    } finally {
      setSaving(false);
    }
  };

  const fileList: UploadFile[] = file ? [{ uid: 'evidence', name: file.name, status: 'done' }] : [];
  return (
    <Card title={t('badActions.newTitle')} data-testid="bad-action-form">
      {subjects.isError && (
        <Alert
          type="error"
          showIcon
          title={t('badActions.loadFailed', { message: subjects.error.message })}
        />
      )}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 720 }}>
        <Form.Item name="key" label={t('badActions.key')} rules={[required(t('badActions.key'))]}>
          <Select<BadActionKey>
            placeholder={t('badActions.keyPlaceholder')}
            options={BAD_ACTION_KEY_KEYS.map((k) => ({ value: k, label: badActionKeyText(k, locale) }))}
            data-testid="bad-action-key"
          />
        </Form.Item>
        <Form.Item name="orgId" label={t('badActions.unit')} rules={[required(t('badActions.unit'))]}>
          <Select<string>
            placeholder={t('badActions.unitPlaceholder')}
            loading={subjects.isPending}
            onChange={() => form.setFieldValue('memberId', undefined)}
            options={(subjects.data?.units ?? []).map((u) => ({
              value: u.orgId,
              label: `${u.name}（${t(`badActions.roles.${u.role}`)}）`,
            }))}
            data-testid="bad-action-unit"
          />
        </Form.Item>
        <Form.Item name="memberId" label={t('badActions.person')}>
          <Select<string>
            allowClear
            disabled={!orgId}
            placeholder={t('badActions.personPlaceholder')}
            options={people.map((p) => ({
              value: p.memberId,
              label: p.registrationNo ? `${p.name}（${p.registrationNo}）` : p.name,
            }))}
            data-testid="bad-action-person"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('badActions.description')}
          rules={[required(t('badActions.description'))]}
        >
          <Input.TextArea
            rows={4}
            maxLength={BAD_ACTION_LIMITS.descriptionMax}
            showCount
            placeholder={t('badActions.descriptionPlaceholder')}
            data-testid="bad-action-description"
          />
        </Form.Item>
        {regionPicker && (
          <Form.Item label={t('badActions.region')} extra={t('badActions.regionHint')}>
            {regionPicker(region, setRegion)}
          </Form.Item>
        )}
        <Form.Item
          label={t('badActions.evidenceFile')}
          extra={t('badActions.evidenceFileHint', { mb: EVIDENCE_MB })}
        >
          <Upload
            accept={EVIDENCE_ACCEPT}
            maxCount={1}
            fileList={fileList}
            onRemove={() => setFile(null)}
            beforeUpload={(picked) => {
              // The same rules as the server, said before a byte is sent.
              if (!EVIDENCE_NAME.test(picked.name)) void message.error(t('badActions.wrongType'));
              else if (picked.size > BAD_ACTION_LIMITS.evidenceBytesMax)
                void message.error(t('badActions.tooLarge', { mb: EVIDENCE_MB }));
              else setFile(picked);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('badActions.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="bad-action-submit">
            {t('badActions.submit')}
          </Button>
          <Link to={listPath}>
            <Button>{t('badActions.cancel')}</Button>
          </Link>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {t('badActions.confirmText')}
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
