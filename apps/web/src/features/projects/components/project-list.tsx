import { Button, Card, DatePicker, Input, Select, Space, Tag, Tooltip } from 'antd';
import { ApartmentOutlined, DiffOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  LIMITS,
  PROJECT_STATUSES,
  PROJECT_STATUS_KEYS,
  REACHABLE_PROJECT_STATUSES,
  type ProjectListQuery,
  type ProjectStatus,
  type ProjectStatusCounts,
  type ProjectSummary,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import { useProjectPage, type ProjectListSource } from '../api/get-project-page';
import { ProjectStatusTag } from './project-status-tag';
import './project-list.css';

const PAGE_SIZES = [5, 10, 20, 50];
const DAY = 'YYYY-MM-DD';

/** The filters live in the address, so going back from a detail returns to the same page. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const int = (key: string, fallback: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= 0 && params.has(key) ? n : fallback;
  };
  const status = params.get('status');
  const day = (key: string) => {
    const v = params.get(key);
    return v && dayjs(v, DAY, true).isValid() ? v : undefined;
  };
  const page = int('page', LIMITS.defaultPage);
  const pageSize = Math.min(100, Math.max(1, int('pageSize', LIMITS.defaultPageSize)));
  const query: ProjectListQuery = {
    page,
    pageSize,
    name: params.get('name') || undefined,
    status: PROJECT_STATUS_KEYS.includes(status as ProjectStatus) ? (status as ProjectStatus) : undefined,
    from: day('from'),
    to: day('to'),
  };
  /** Changes some filters; any change but paging starts again at the first page. */
  const update = (changes: Partial<Record<keyof ProjectListQuery, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { query, page, pageSize, update };
}

/**
 * The review applications the acting organisation sees, newest first: its own (drafts too) for a
 * construction unit, those naming it for the other parties, the region's or all submitted ones
 * for supervisors (`searchForSupervise`).
 */
export function ProjectList({
  orgId,
  source,
  detailPath,
  editPath,
  newPath,
  newChange,
  showConstruct = false,
  buildingsPath,
  workspacePath,
  statusCounts,
}: {
  /** The acting organisation. */
  orgId: string | null;
  source: ProjectListSource;
  /** Where one is read; a change application (`isAlter`) has its own detail screen. */
  detailPath: (id: string, isAlter: boolean) => string;
  /** Offered on drafts, for the construction unit. */
  editPath?: (id: string, isAlter: boolean) => string;
  newPath?: string;
  /** Where a change application (变更) of a passed project starts. */
  newChange?: string;
  /** Other parties want to know whose project it is. */
  showConstruct?: boolean;
  /** The project's buildings (单体), where the area has that screen. */
  buildingsPath?: (id: string) => string;
  /**
   * The project's workspace at the area's default page, which the name opens; null (or absent)
   * where the member may not enter it, and the name then opens the application form.
   */
  workspacePath?: (id: string) => string | null;
  /** The list's counts by status: a status no step reaches yet is offered only where one has it. */
  statusCounts?: ProjectStatusCounts;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { query, page, pageSize, update } = useListParams();
  const result = useProjectPage(source, query, orgId);
  // Statuses the platform reaches today, and any other that an application in the list has (or that
  // the address names); nobody but the construction unit ever sees a draft.
  const present = new Set(statusCounts?.counts.filter((c) => c.count > 0).map((c) => c.status));
  const statuses = PROJECT_STATUS_KEYS.filter(
    (s) =>
      (editPath || s !== 'DRAFT') &&
      (REACHABLE_PROJECT_STATUSES.includes(s) || present.has(s) || query.status === s),
  );
  /** A long name on one line, cut with an ellipsis; the whole of it in a tooltip. */
  const long = (v: string) =>
    v ? (
      <Tooltip title={v} placement="topLeft">
        <span className="project-list-cell">{v}</span>
      </Tooltip>
    ) : (
      '—'
    );

  return (
    <Card
      title={t('projects.title')}
      extra={
        (newPath || newChange) && (
          <Space>
            {newPath && (
              <Link to={newPath}>
                <Button type="primary" icon={<PlusOutlined />} data-testid="new-project">
                  {t('projects.new')}
                </Button>
              </Link>
            )}
            {newChange && (
              <Link to={newChange}>
                <Button icon={<DiffOutlined />} data-testid="new-change">
                  {t('projectAlters.new')}
                </Button>
              </Link>
            )}
          </Space>
        )
      }
    >
      <PagedTable<ProjectSummary>
        rowKey="id"
        className="project-list-table"
        // Fixed widths and one line per cell: a long name is cut, not wrapped over several lines; a
        // screen narrower than the columns scrolls the table sideways.
        tableLayout="fixed"
        size="middle"
        scroll={{ x: showConstruct ? 1000 : 900 }}
        data-testid="project-table"
        filters={
          <>
            <Input.Search
              key={query.name ?? ''}
              allowClear
              defaultValue={query.name}
              placeholder={t('projects.searchPlaceholder')}
              aria-label={t('projects.searchPlaceholder')}
              style={{ width: 260 }}
              onSearch={(v) => update({ name: v.trim() })}
              data-testid="project-search"
            />
            <Select<ProjectStatus>
              allowClear
              placeholder={t('projects.allStatuses')}
              aria-label={t('projects.status')}
              style={{ width: 200 }}
              value={query.status}
              onChange={(v) => update({ status: v })}
              options={statuses.map((s) => ({ value: s, label: PROJECT_STATUSES[s][locale] }))}
              data-testid="project-status-filter"
            />
            <DatePicker.RangePicker
              placeholder={[t('projects.createdFrom'), t('projects.createdTo')]}
              value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
              allowEmpty={[true, true]}
              onChange={(range) => update({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })}
              data-testid="project-dates"
            />
          </>
        }
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageChange={(p, size) => update({ page: p || undefined, pageSize: size })}
        totalText={(total) => t('projects.total', { total })}
        columns={[
          {
            title: t('projects.code'),
            dataIndex: 'code',
            width: 140,
            render: (v: string) => <span className="nowrap">{v}</span>,
          },
          {
            title: t('projects.name'),
            dataIndex: 'name',
            ellipsis: { showTitle: false },
            render: (v: string, p) => {
              const to = workspacePath?.(p.id) ?? detailPath(p.id, p.isAlter);
              return (
                <Tooltip title={v} placement="topLeft">
                  <span className="project-list-cell">
                    {p.isAlter && (
                      <Tag color="orange" data-testid="alter-tag">
                        {t('projects.isAlter')}
                      </Tag>
                    )}
                    <Link to={to} data-testid="project-workspace">
                      {v}
                    </Link>
                  </span>
                </Tooltip>
              );
            },
          },
          {
            title: t('projects.status'),
            dataIndex: 'status',
            width: 170,
            // The agency's overdue missions beside the status (issue 19): red, with how many.
            render: (v: ProjectStatus, p) => (
              <span className="nowrap">
                <ProjectStatusTag status={v} />
                {p.overdueMissions > 0 && (
                  <Tooltip title={t('projects.overdueTitle', { count: p.overdueMissions })}>
                    <Tag color="red" data-testid="project-overdue" data-count={p.overdueMissions}>
                      {t('projects.overdue', { count: p.overdueMissions })}
                    </Tag>
                  </Tooltip>
                )}
              </span>
            ),
          },
          ...(showConstruct
            ? [
                {
                  title: t('projects.construct'),
                  dataIndex: 'constructName' as const,
                  width: '13%',
                  ellipsis: { showTitle: false },
                  render: long,
                },
              ]
            : []),
          {
            title: t('projects.region'),
            dataIndex: 'region',
            width: 100,
            ellipsis: { showTitle: false },
            // Everything on this platform is in one province: its name would only crowd the column.
            render: (v: string) => long(v.split('/').slice(1).join('') || v),
          },
          {
            title: t('projects.censor'),
            dataIndex: 'censorName',
            width: '13%',
            ellipsis: { showTitle: false },
            render: long,
          },
          {
            title: t('projects.submittedAt'),
            dataIndex: 'submittedAt',
            width: 110,
            // The day in the column, the minute in the tooltip.
            render: (v: string | null) =>
              v ? (
                <Tooltip title={dayjs(v).format('YYYY-MM-DD HH:mm')}>
                  <span className="nowrap">{dayjs(v).format('YYYY-MM-DD')}</span>
                </Tooltip>
              ) : (
                '—'
              ),
          },
          {
            title: t('projects.actions'),
            key: 'actions',
            width: editPath ? 200 : 140,
            render: (_, p) => (
              <Space size={0} className="nowrap">
                <Link to={detailPath(p.id, p.isAlter)} data-testid="project-view">
                  <Button type="link" size="small" icon={<EyeOutlined />}>
                    {t('projects.view')}
                  </Button>
                </Link>
                {buildingsPath && (
                  <Link to={buildingsPath(p.id)}>
                    <Button
                      type="link"
                      size="small"
                      icon={<ApartmentOutlined />}
                      data-testid="project-buildings"
                    >
                      {t('buildings.open')}
                    </Button>
                  </Link>
                )}
                {editPath && p.can.edit && (
                  <Link to={editPath(p.id, p.isAlter)}>
                    <Button type="link" size="small" icon={<EditOutlined />}>
                      {t('projects.edit')}
                    </Button>
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
