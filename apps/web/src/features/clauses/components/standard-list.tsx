import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  STANDARD_KINDS,
  STANDARD_STATUSES,
  type Standard,
  type StandardCreateRequest,
  type StandardKind,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import { useStandards } from '../api/get-standards';
import { useCreateStandard, useUpdateStandard } from '../api/save-standard';
import { ClausePicker } from './clause-picker';
import '../clauses-texts';

const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

interface AddValues {
  code: string;
  name: string;
  nameEn: string;
  kind: StandardKind;
  issuedOn?: Dayjs | null;
  effectiveOn?: Dayjs | null;
}

/** The system admin's list of the clause library's standards: add one, withdraw one. */
export function StandardList({ detailPath }: { detailPath: (id: string) => string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const standards = useStandards();
  const navigate = useNavigate();
  const create = useCreateStandard();
  const update = useUpdateStandard();
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Standard | null>(null);
  const [addForm] = Form.useForm<AddValues>();
  const [withdrawForm] = Form.useForm<{ withdrawnOn: Dayjs; replacedBy?: string }>();
  const items = standards.data?.items ?? [];
  const nameOf = (s: Standard) => (locale === 'zh-CN' ? s.name : s.nameEn);
  const fail = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.message : String(error));

  const submitAdd = async (values: AddValues) => {
    const body: StandardCreateRequest = {
      code: values.code,
      name: values.name,
      nameEn: values.nameEn,
      kind: values.kind,
      issuedOn: day(values.issuedOn),
      effectiveOn: day(values.effectiveOn),
    };
    try {
      const saved = await create.mutateAsync(body);
      void message.success(t('clauses.created', { code: saved.code }));
      setAdding(false);
      addForm.resetFields();
    } catch (error) {
      fail(error);
    }
  };

  const submitWithdraw = async (values: { withdrawnOn: Dayjs; replacedBy?: string }) => {
    if (!withdrawing) return;
    const s = withdrawing;
    try {
      await update.mutateAsync({
        id: s.id,
        body: {
          name: s.name,
          nameEn: s.nameEn,
          kind: s.kind,
          issuedOn: s.issuedOn,
          effectiveOn: s.effectiveOn,
          status: 'WITHDRAWN',
          withdrawnOn: day(values.withdrawnOn),
          replacedBy: values.replacedBy ?? null,
        },
      });
      void message.success(t('clauses.withdrawn', { code: s.code }));
      setWithdrawing(null);
      withdrawForm.resetFields();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Card
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('clauses.title')}</h1>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('clauses.add')}
        </Button>
      }
    >
      {standards.error && <Typography.Text type="danger">{standards.error.message}</Typography.Text>}
      {/* Finding a clause opens its standard, where its versions are. */}
      <ClausePicker
        aria-label={t('clauses.find')}
        style={{ maxWidth: 640, marginBottom: 16 }}
        onChange={(_, clause) => {
          if (clause) void navigate(detailPath(clause.standardId));
        }}
      />
      <Table<Standard>
        rowKey="id"
        size="middle"
        loading={standards.isFetching}
        dataSource={items}
        pagination={{
          pageSize: 50,
          hideOnSinglePage: true,
          showTotal: (total) => t('clauses.total', { total }),
        }}
        columns={[
          {
            title: t('clauses.code'),
            dataIndex: 'code',
            render: (code: string, s) => <Link to={detailPath(s.id)}>{code}</Link>,
          },
          { title: t('clauses.name'), render: (_, s) => nameOf(s) },
          { title: t('clauses.kind'), render: (_, s) => STANDARD_KINDS[s.kind][locale] },
          {
            title: t('clauses.effectiveOn'),
            dataIndex: 'effectiveOn',
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('clauses.status'),
            render: (_, s) =>
              s.status === 'ACTIVE' ? (
                <Tag color="green">{STANDARD_STATUSES.ACTIVE[locale]}</Tag>
              ) : (
                <Space size={4} wrap>
                  <Tag>{STANDARD_STATUSES.WITHDRAWN[locale]}</Tag>
                  <span>{s.withdrawnOn}</span>
                  {s.replacedBy && (
                    <span>
                      {t('clauses.replacedBy')}: {items.find((r) => r.id === s.replacedBy)?.code}
                    </span>
                  )}
                </Space>
              ),
          },
          { title: t('clauses.clauseCount'), dataIndex: 'clauseCount', align: 'right' },
          {
            title: t('clauses.actions'),
            render: (_, s) => (
              <Space>
                <Link to={detailPath(s.id)} aria-label={`${t('clauses.open')} ${s.code}`}>
                  {t('clauses.open')}
                </Link>
                {s.status === 'ACTIVE' && (
                  <Button size="small" danger onClick={() => setWithdrawing(s)}>
                    {t('clauses.withdraw')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />

      <Modal
        open={adding}
        title={t('clauses.addTitle')}
        okText={t('clauses.save')}
        cancelText={t('clauses.cancel')}
        confirmLoading={create.isPending}
        onOk={() => addForm.submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form<AddValues>
          form={addForm}
          layout="vertical"
          initialValues={{ kind: 'GENERAL_CODE' }}
          onFinish={(values) => void submitAdd(values)}
        >
          <Form.Item
            name="code"
            label={t('clauses.code')}
            extra={t('clauses.codeHint')}
            rules={[{ required: true }]}
          >
            <Input autoFocus maxLength={40} />
          </Form.Item>
          <Form.Item name="name" label={t('clauses.name')} rules={[{ required: true }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('clauses.nameEn')} rules={[{ required: true }]}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="kind" label={t('clauses.kind')} rules={[{ required: true }]}>
            <Select
              options={(Object.keys(STANDARD_KINDS) as StandardKind[]).map((k) => ({
                value: k,
                label: STANDARD_KINDS[k][locale],
              }))}
            />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="issuedOn" label={t('clauses.issuedOn')}>
              <DatePicker />
            </Form.Item>
            <Form.Item name="effectiveOn" label={t('clauses.effectiveOn')}>
              <DatePicker />
            </Form.Item>
          </Space>
        </Form>
      </Modal>

      <Modal
        open={withdrawing !== null}
        title={withdrawing ? t('clauses.withdrawTitle', { code: withdrawing.code }) : ''}
        okText={t('clauses.withdraw')}
        okButtonProps={{ danger: true }}
        cancelText={t('clauses.cancel')}
        confirmLoading={update.isPending}
        onOk={() => withdrawForm.submit()}
        onCancel={() => setWithdrawing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('clauses.withdrawHint')}</Typography.Paragraph>
        <Form form={withdrawForm} layout="vertical" onFinish={(values) => void submitWithdraw(values)}>
          <Form.Item name="withdrawnOn" label={t('clauses.withdrawnOn')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="replacedBy" label={t('clauses.replacedBy')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('clauses.replacedByNone')}
              options={items
                .filter((s) => s.status === 'ACTIVE' && s.id !== withdrawing?.id)
                .map((s) => ({ value: s.id, label: `${s.code} ${nameOf(s)}` }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
