import { App, Button, Card, DatePicker, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  PORTAL_ARTICLE_STATUS_KEYS,
  PORTAL_CATEGORIES,
  PORTAL_CATEGORY_KEYS,
  type PortalArticleStatus,
  type PortalCategory,
  type StaffArticleListQuery,
  type StaffArticleSummary,
} from '@drp/domain';
import { PagedTable } from '../../../components/paged-table';
import { currentLocale } from '../../../config/i18n';
import {
  publicArticlePath,
  useDeleteManageArticle,
  useManageArticlePage,
  usePublishManageArticle,
  useUnpublishManageArticle,
} from '../api/manage-articles';
import { ARTICLES_PATH } from './manage-article-form';
import { messageOf } from './manage-server-errors';
import './manage-portal.css';

const PAGE_SIZES = [10, 20, 50];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(keys: readonly T[], value: string | null): T | undefined =>
  keys.find((k) => k === value);

/**
 * Every portal article, drafts too: filtered by category, status, title and date, and paged. The
 * filters live in the address, so coming back from the editor finds the list as it was left.
 */
export function ManageArticleList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page')) || 0);
  const pageSize = PAGE_SIZES.find((size) => size === Number(params.get('pageSize'))) ?? PAGE_SIZES[0]!;
  const query: StaffArticleListQuery = {
    category: oneOf(PORTAL_CATEGORY_KEYS, params.get('category')),
    status: oneOf(PORTAL_ARTICLE_STATUS_KEYS, params.get('status')),
    title: params.get('title') || undefined,
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined,
    page,
    pageSize,
  };
  const result = useManageArticlePage(query);
  const publish = usePublishManageArticle();
  const unpublish = useUnpublishManageArticle();
  const remove = useDeleteManageArticle();

  /** Changes some filters; any filter change starts again at the first page. */
  const setQuery = (changes: Partial<Record<keyof StaffArticleListQuery, string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace: true });
  };

  const act = (
    run: () => Promise<unknown>,
    done: string,
    options: { title: string; content: string; danger?: boolean; after?: () => void },
  ) =>
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: options.danger },
      onOk: async () => {
        try {
          await run();
          void message.success(done);
          options.after?.();
        } catch (error) {
          void message.error(messageOf(error));
        }
      },
    });

  const onPublish = (a: StaffArticleSummary) =>
    act(() => publish.mutateAsync(a.id), t('portalManage.article.published'), {
      title: t('portalManage.article.publish'),
      content: t('portalManage.article.confirmPublish', { title: a.title }),
    });
  const onUnpublish = (a: StaffArticleSummary) =>
    act(() => unpublish.mutateAsync(a.id), t('portalManage.article.unpublished'), {
      title: t('portalManage.article.unpublish'),
      content: t('portalManage.article.confirmUnpublish', { title: a.title }),
    });
  const onDelete = (a: StaffArticleSummary) =>
    act(() => remove.mutateAsync(a.id), t('portalManage.article.deleted'), {
      title: t('portalManage.article.delete'),
      content: t('portalManage.article.confirmDelete', { title: a.title }),
      danger: true,
      // The last row of a later page leaves an empty page behind: step back.
      after: () => {
        if (page > 0 && result.data?.items.length === 1) setQuery({ page: page - 1 });
      },
    });

  const newPath = query.category ? `${ARTICLES_PATH}/new?category=${query.category}` : `${ARTICLES_PATH}/new`;

  return (
    <Card
      title={t('portalManage.article.listTitle')}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => void navigate(newPath)}
          data-testid="article-new"
        >
          {t('portalManage.article.new')}
        </Button>
      }
    >
      <PagedTable<StaffArticleSummary>
        rowKey="id"
        size="middle"
        data-testid="article-table"
        data={result.data}
        error={result.error}
        loading={result.isFetching}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPageChange={(p, size) => setQuery({ page: p, pageSize: size })}
        totalText={(total) => t('portalManage.article.total', { total })}
        locale={{ emptyText: t('portalManage.article.none') }}
        filters={
          <>
            <Select<PortalCategory>
              allowClear
              placeholder={t('portalManage.article.allCategories')}
              style={{ width: 180 }}
              value={query.category}
              onChange={(category) => setQuery({ category })}
              options={PORTAL_CATEGORY_KEYS.map((c) => ({ value: c, label: PORTAL_CATEGORIES[c][locale] }))}
              data-testid="article-category-filter"
            />
            <Select<PortalArticleStatus>
              allowClear
              placeholder={t('portalManage.article.allStatuses')}
              style={{ width: 130 }}
              value={query.status}
              onChange={(status) => setQuery({ status })}
              options={PORTAL_ARTICLE_STATUS_KEYS.map((s) => ({
                value: s,
                label: t(`portalManage.status.${s}`),
              }))}
              data-testid="article-status-filter"
            />
            <Input.Search
              allowClear
              placeholder={t('portalManage.article.searchTitle')}
              style={{ width: 260 }}
              defaultValue={query.title}
              onSearch={(title) => setQuery({ title: title.trim() })}
              data-testid="article-search"
            />
            <DatePicker.RangePicker
              value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
              allowEmpty={[true, true]}
              onChange={(range) =>
                setQuery({
                  from: range?.[0]?.format('YYYY-MM-DD'),
                  to: range?.[1]?.format('YYYY-MM-DD'),
                })
              }
              placeholder={[t('portalManage.dateFrom'), t('portalManage.dateTo')]}
            />
          </>
        }
        columns={[
          {
            title: t('portalManage.article.title'),
            dataIndex: 'title',
            render: (title: string, a) => (
              <Space size={4} wrap>
                {a.pinned && <Tag color="red">{t('portalManage.article.pinnedTag')}</Tag>}
                {a.inBanner && <Tag color="purple">{t('portalManage.article.bannerTag')}</Tag>}
                <Link to={`${ARTICLES_PATH}/${a.id}`} data-testid="article-row-title">
                  {title}
                </Link>
                {a.attachmentCount > 0 && (
                  <Typography.Text type="secondary">
                    {t('portalManage.article.attachmentCount', { count: a.attachmentCount })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('portalManage.article.category'),
            dataIndex: 'category',
            width: 140,
            render: (c: PortalCategory) => PORTAL_CATEGORIES[c][locale],
          },
          {
            title: t('portalManage.article.status'),
            dataIndex: 'status',
            width: 90,
            render: (s: PortalArticleStatus) => (
              <Tag color={s === 'PUBLISHED' ? 'green' : 'default'} data-testid="article-row-status">
                {t(`portalManage.status.${s}`)}
              </Tag>
            ),
          },
          {
            title: t('portalManage.article.publishDate'),
            dataIndex: 'publishDate',
            width: 110,
            render: (v: string) => <span className="manage-nowrap">{v}</span>,
          },
          {
            title: t('portalManage.article.updated'),
            dataIndex: 'updatedAt',
            width: 170,
            render: (v: string, a) => (
              <span className="manage-nowrap">
                {dayjs(v).format('YYYY-MM-DD HH:mm')}
                {a.updatedByName && <Typography.Text type="secondary"> · {a.updatedByName}</Typography.Text>}
              </span>
            ),
          },
          {
            title: t('portalManage.actions'),
            key: 'actions',
            width: 280,
            render: (_, a) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => void navigate(`${ARTICLES_PATH}/${a.id}`)}
                  data-testid="article-row-edit"
                >
                  {t('portalManage.edit')}
                </Button>
                {a.status === 'PUBLISHED' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onUnpublish(a)}
                    data-testid="article-row-unpublish"
                  >
                    {t('portalManage.article.unpublish')}
                  </Button>
                ) : (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onPublish(a)}
                    data-testid="article-row-publish"
                  >
                    {t('portalManage.article.publish')}
                  </Button>
                )}
                {a.status === 'PUBLISHED' && (
                  <Tooltip title={t('portalManage.article.previewHint')}>
                    <Button
                      type="link"
                      size="small"
                      href={publicArticlePath(a)}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="article-row-preview"
                    >
                      {t('portalManage.article.preview')}
                    </Button>
                  </Tooltip>
                )}
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => onDelete(a)}
                  data-testid="article-row-delete"
                >
                  {t('portalManage.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
