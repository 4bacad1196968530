import { useState } from 'react';
import { Card, DatePicker, Input, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_ACTIONS,
  describeAuditEvent,
  type AuditAction,
  type AuditEvent,
  type AuditQuery,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import { useAuditEvents } from '../api/get-audit-events';

const PAGE_SIZE = 20;
const FAILURES: readonly AuditAction[] = ['SIGN_IN_FAILED', 'ACCOUNT_LOCKED'];

/** The system admin's view of the security audit trail, newest first. */
export function AuditLogTable() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [action, setAction] = useState<AuditAction | undefined>();
  const [actor, setActor] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(0);
  const query: AuditQuery = {
    action,
    actor: actor.trim() || undefined,
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
    page,
    size: PAGE_SIZE,
  };
  const result = useAuditEvents(query);

  return (
    <Card title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('audit.title')}</h1>}>
      <PagedTable<AuditEvent>
        rowKey="id"
        size="middle"
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        totalText={(total) => t('audit.total', { total })}
        filters={
          <>
            <Select<AuditAction>
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('audit.action')}
              placeholder={t('audit.allActions')}
              style={{ width: 200 }}
              value={action}
              onChange={(v) => {
                setAction(v);
                setPage(0);
              }}
              options={(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((a) => ({
                value: a,
                label: AUDIT_ACTIONS[a][locale],
              }))}
              data-testid="audit-action"
            />
            <Input.Search
              allowClear
              placeholder={t('audit.actorPlaceholder')}
              style={{ width: 220 }}
              onSearch={(v) => {
                setActor(v);
                setPage(0);
              }}
              data-testid="audit-actor"
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => {
                setRange(v);
                setPage(0);
              }}
            />
          </>
        }
        columns={[
          {
            title: t('audit.time'),
            dataIndex: 'occurredAt',
            width: 180,
            render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            render: (a: AuditAction) => (
              <Tag color={FAILURES.includes(a) ? 'red' : 'blue'}>{AUDIT_ACTIONS[a][locale]}</Tag>
            ),
          },
          {
            title: t('audit.actor'),
            dataIndex: 'actorUsername',
            render: (v: string | null, e) =>
              e.actorAccountId ? (
                e.actorName ? (
                  `${e.actorName}（${v}）`
                ) : (
                  v
                )
              ) : (
                <Typography.Text type="secondary">{v ?? '—'}</Typography.Text>
              ),
          },
          { title: t('audit.org'), dataIndex: 'orgName', render: (v: string | null) => v ?? '—' },
          { title: t('audit.ip'), dataIndex: 'ip' },
          {
            title: t('audit.detail'),
            key: 'detail',
            // A sentence with names (packages/domain describeAuditEvent), never JSON or ids.
            render: (_, e) => (
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }} data-testid="audit-sentence">
                {describeAuditEvent(e, locale)}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Card>
  );
}
