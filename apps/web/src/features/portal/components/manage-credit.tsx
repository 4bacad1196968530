import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CREDIT_KINDS,
  CREDIT_KIND_KEYS,
  CREDIT_SCOPES,
  CREDIT_SCOPE_KEYS,
  PORTAL_LIMITS,
  isValidCreditCode,
  type CreditKind,
  type CreditScope,
  type SaveCreditEntryRequest,
  type StaffCreditEntry,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import {
  useDeleteManageCreditEntry,
  useManageCreditHistory,
  useManageCreditPage,
  useSaveManageCreditEntry,
} from '../api/manage-credit';
import { downloadManageFile } from '../api/manage-uploads';
import { ManageDocumentField, type ManageFileValue } from './manage-file-fields';
import { ManageHistoryDrawer } from './manage-history-drawer';
import { markRefusedFields, messageOf } from './manage-server-errors';
import './manage-portal.css';

const PAGE_SIZE = 10;

interface Values {
  kind: CreditKind;
  scope: CreditScope;
  orgName: string;
  creditCode: string;
  reason: string;
  issuer: string;
  issuedOn: Dayjs;
  documentNo: string;
  document: ManageFileValue | null;
  published: boolean;
}
const FIELDS: readonly string[] = [
  'kind',
  'scope',
  'orgName',
  'creditCode',
  'reason',
  'issuer',
  'issuedOn',
  'documentNo',
  'document',
  'published',
];

function valuesOf(entry: StaffCreditEntry | null): Values {
  if (!entry)
    return {
      kind: 'COMMENDATION',
      scope: 'PROVINCE',
      orgName: '',
      creditCode: '',
      reason: '',
      issuer: '',
      issuedOn: dayjs(),
      documentNo: '',
      document: null,
      published: true,
    };
  return {
    kind: entry.kind,
    scope: entry.scope,
    orgName: entry.orgName,
    creditCode: entry.creditCode ?? '',
    reason: entry.reason,
    issuer: entry.issuer,
    issuedOn: dayjs(entry.issuedOn),
    documentNo: entry.documentNo ?? '',
    document: entry.document
      ? {
          id: entry.document.id,
          name: entry.document.name,
          size: entry.document.size,
          url: entry.document.url,
        }
      : null,
    published: entry.published,
  };
}

function requestOf(v: Values): SaveCreditEntryRequest {
  return {
    kind: v.kind,
    scope: v.scope,
    orgName: v.orgName.trim(),
    creditCode: v.creditCode.trim().toUpperCase() || null,
    reason: v.reason.trim(),
    issuer: v.issuer.trim(),
    issuedOn: v.issuedOn.format('YYYY-MM-DD'),
    documentNo: v.documentNo.trim() || null,
    documentId: v.document?.id ?? null,
    published: v.published,
  };
}

/** Adds or corrects one entry; a refused save keeps the dialog open with everything typed. */
function CreditEntryModal({
  entry,
  open,
  onClose,
}: {
  /** The entry to correct; null adds one. */
  entry: StaffCreditEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const [form] = Form.useForm<Values>();
  const save = useSaveManageCreditEntry();
  const required = { required: true, whitespace: true, message: t('portalManage.required') };

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ id: entry?.id, body: requestOf(values) });
      void message.success(t('portalManage.credit.saved'));
      onClose();
    } catch (error) {
      markRefusedFields(form, error, FIELDS);
      void message.error(messageOf(error));
    }
  };

  return (
    <Modal
      open={open}
      title={entry ? t('portalManage.credit.editTitle') : t('portalManage.credit.newTitle')}
      width={760}
      okText={t('portalManage.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="credit-modal"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={valuesOf(entry)}
        disabled={save.isPending}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="kind" label={t('portalManage.credit.kind')} rules={[{ required: true }]}>
              <Radio.Group
                optionType="button"
                options={CREDIT_KIND_KEYS.map((k) => ({ value: k, label: CREDIT_KINDS[k][locale] }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="scope"
              label={t('portalManage.credit.scope')}
              tooltip={t('portalManage.credit.scopeHint')}
              rules={[{ required: true }]}
            >
              <Select<CreditScope>
                options={CREDIT_SCOPE_KEYS.map((s) => ({ value: s, label: CREDIT_SCOPES[s][locale] }))}
                data-testid="credit-scope"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="orgName" label={t('portalManage.credit.orgName')} rules={[required]}>
              <Input maxLength={PORTAL_LIMITS.creditOrgNameMax} data-testid="credit-org-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item
              name="creditCode"
              label={t('portalManage.credit.creditCode')}
              validateTrigger="onBlur"
              rules={[
                {
                  validator: async (_, v: string) => {
                    if (v && !isValidCreditCode(v.trim().toUpperCase()))
                      throw new Error(t('portalManage.credit.creditCodeInvalid'));
                  },
                },
              ]}
            >
              <Input maxLength={18} placeholder={t('portalManage.optional')} data-testid="credit-code" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="reason" label={t('portalManage.credit.reason')} rules={[required]}>
          <Input.TextArea
            maxLength={PORTAL_LIMITS.creditReasonMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            data-testid="credit-reason"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="issuer" label={t('portalManage.credit.issuer')} rules={[required]}>
              <Input maxLength={PORTAL_LIMITS.creditIssuerMax} data-testid="credit-issuer" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="issuedOn"
              label={t('portalManage.credit.issuedOn')}
              rules={[{ required: true, message: t('portalManage.required') }]}
            >
              <DatePicker allowClear={false} style={{ width: '100%' }} data-testid="credit-issued-on" />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="documentNo" label={t('portalManage.credit.documentNo')}>
              <Input
                maxLength={PORTAL_LIMITS.creditDocumentNoMax}
                placeholder={t('portalManage.optional')}
                data-testid="credit-document-no"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={18}>
            <Form.Item name="document" label={t('portalManage.credit.document')}>
              <ManageDocumentField />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="published"
              label={t('portalManage.credit.published')}
              valuePropName="checked"
              tooltip={t('portalManage.credit.publishedHint')}
            >
              <Switch data-testid="credit-published" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** The credit information the portal publishes (commendations and bulletins), for staff to keep. */
export function ManageCredit() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const [scope, setScope] = useState<CreditScope>();
  const [kind, setKind] = useState<CreditKind>();
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<StaffCreditEntry | null | undefined>();
  const [historyOf, setHistoryOf] = useState<StaffCreditEntry>();
  const result = useManageCreditPage({ scope, kind, title: title || undefined, page, pageSize: PAGE_SIZE });
  const history = useManageCreditHistory(historyOf?.id);
  const remove = useDeleteManageCreditEntry();

  const onDelete = (entry: StaffCreditEntry) =>
    modal.confirm({
      title: t('portalManage.delete'),
      content: t('portalManage.credit.confirmDelete', { name: entry.orgName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(entry.id);
          void message.success(t('portalManage.credit.deleted'));
          if (page > 0 && result.data?.items.length === 1) setPage(page - 1);
        } catch (error) {
          void message.error(messageOf(error));
        }
      },
    });

  return (
    <Card
      title={t('portalManage.credit.title')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing(null)}
          data-testid="credit-new"
        >
          {t('portalManage.credit.new')}
        </Button>
      }
    >
      <PagedTable<StaffCreditEntry>
        rowKey="id"
        size="middle"
        data-testid="credit-table"
        // The reason needs room; on a narrow screen the table scrolls rather than squeezing it out.
        scroll={{ x: 1350 }}
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        totalText={(total) => t('portalManage.credit.total', { total })}
        locale={{ emptyText: t('portalManage.credit.none') }}
        filters={
          <>
            <Select<CreditScope>
              allowClear
              placeholder={t('portalManage.credit.allScopes')}
              style={{ width: 130 }}
              value={scope}
              onChange={(v) => {
                setScope(v);
                setPage(0);
              }}
              options={CREDIT_SCOPE_KEYS.map((s) => ({ value: s, label: CREDIT_SCOPES[s][locale] }))}
            />
            <Select<CreditKind>
              allowClear
              placeholder={t('portalManage.credit.allKinds')}
              style={{ width: 150 }}
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage(0);
              }}
              options={CREDIT_KIND_KEYS.map((k) => ({ value: k, label: CREDIT_KINDS[k][locale] }))}
            />
            <Input.Search
              allowClear
              placeholder={t('portalManage.credit.searchOrg')}
              style={{ width: 260 }}
              onSearch={(v) => {
                setTitle(v.trim());
                setPage(0);
              }}
            />
          </>
        }
        columns={[
          {
            title: t('portalManage.credit.orgName'),
            dataIndex: 'orgName',
            width: 240,
            render: (v: string, e) => (
              <div>
                <div>{v}</div>
                {e.creditCode && <Typography.Text type="secondary">{e.creditCode}</Typography.Text>}
              </div>
            ),
          },
          {
            title: t('portalManage.credit.kind'),
            key: 'kind',
            width: 130,
            render: (_, e) => (
              <Space size={4} wrap>
                <Tag color={e.kind === 'COMMENDATION' ? 'blue' : 'orange'}>
                  {CREDIT_KINDS[e.kind][locale]}
                </Tag>
                <Tag>{CREDIT_SCOPES[e.scope][locale]}</Tag>
              </Space>
            ),
          },
          {
            title: t('portalManage.credit.reason'),
            dataIndex: 'reason',
            width: 280,
            render: (v: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: v }} style={{ marginBottom: 0 }}>
                {v}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('portalManage.credit.issuer'),
            key: 'issuer',
            width: 230,
            render: (_, e) => (
              <div>
                <div>{e.issuer}</div>
                <Typography.Text type="secondary" className="manage-nowrap">
                  {[e.issuedOn, e.documentNo].filter(Boolean).join(' · ')}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('portalManage.credit.document'),
            dataIndex: 'document',
            width: 140,
            ellipsis: true,
            render: (d: StaffCreditEntry['document']) =>
              d ? (
                <Typography.Link
                  onClick={() =>
                    void downloadManageFile(d.id, d.name).catch(
                      (error: unknown) => void message.error(messageOf(error)),
                    )
                  }
                >
                  {d.name}
                </Typography.Link>
              ) : (
                '—'
              ),
          },
          {
            title: t('portalManage.credit.published'),
            dataIndex: 'published',
            width: 80,
            render: (v: boolean) =>
              v ? (
                <Tag color="green">{t('portalManage.credit.publishedTag')}</Tag>
              ) : (
                <Tag>{t('portalManage.credit.unpublishedTag')}</Tag>
              ),
          },
          {
            title: t('portalManage.actions'),
            key: 'actions',
            width: 260,
            render: (_, e) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(e)}>
                  {t('portalManage.edit')}
                </Button>
                <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistoryOf(e)}>
                  {t('portalManage.history.open')}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(e)}>
                  {t('portalManage.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CreditEntryModal
        key={editing === undefined ? 'closed' : (editing?.id ?? 'new')}
        entry={editing ?? null}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
      <ManageHistoryDrawer
        open={Boolean(historyOf)}
        title={t('portalManage.history.titleOf', { title: historyOf?.orgName ?? '' })}
        entries={history.data}
        loading={history.isFetching}
        error={history.error}
        onClose={() => setHistoryOf(undefined)}
      />
    </Card>
  );
}
