import { Suspense, lazy, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
} from 'antd';
import {
  EyeOutlined,
  HistoryOutlined,
  RollbackOutlined,
  SaveOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import {
  PORTAL_CATEGORIES,
  PORTAL_CATEGORY_KEYS,
  PORTAL_LIMITS,
  type PortalCategory,
  type SaveArticleRequest,
  type StaffArticle,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import {
  manageArticleQuery,
  publicArticlePath,
  usePublishManageArticle,
  useSaveManageArticle,
  useUnpublishManageArticle,
  useManageArticleHistory,
} from '../api/manage-articles';
import { fileIdOf } from '../api/manage-uploads';
import { ManageAttachmentList, ManageCoverField, type ManageFileValue } from './manage-file-fields';
import { ManageHistoryDrawer } from './manage-history-drawer';
import { markRefusedFields, messageOf } from './manage-server-errors';
import './manage-portal.css';

// The editor (tiptap and ProseMirror) loads with the form, not with every screen of the app.
const ManageRichTextEditor = lazy(() => import('./manage-rich-text-editor'));

export const ARTICLES_PATH = '/sys_info/portal/articles';

interface Values {
  category: PortalCategory;
  title: string;
  source: string;
  summary: string;
  publishDate: Dayjs;
  pinned: boolean;
  inBanner: boolean;
  cover: ManageFileValue | null;
  bodyHtml: string;
  attachments: ManageFileValue[];
}
const FIELDS: readonly string[] = [
  'category',
  'title',
  'source',
  'summary',
  'publishDate',
  'pinned',
  'inBanner',
  'cover',
  'bodyHtml',
  'attachments',
];

/** Today in China, where the portal's dates are read. */
const chinaToday = () => dayjs(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));

function valuesOf(article: StaffArticle | undefined, category: PortalCategory | undefined): Values {
  if (!article)
    return {
      category: category ?? 'NOTICE',
      title: '',
      source: '',
      summary: '',
      publishDate: chinaToday(),
      pinned: false,
      inBanner: false,
      cover: null,
      bodyHtml: '',
      attachments: [],
    };
  const coverId = fileIdOf(article.coverUrl);
  return {
    category: article.category,
    title: article.title,
    source: article.source ?? '',
    summary: article.summary ?? '',
    publishDate: dayjs(article.publishDate),
    pinned: article.pinned,
    inBanner: article.inBanner,
    cover: coverId ? { id: coverId, name: '', size: 0, url: article.coverUrl } : null,
    bodyHtml: article.bodyHtml ?? '',
    attachments: article.attachments.map((a) => ({ id: a.id, name: a.name, size: a.size, url: a.url })),
  };
}

function requestOf(values: Values): SaveArticleRequest {
  return {
    category: values.category,
    title: values.title.trim(),
    source: values.source.trim() || null,
    summary: values.summary.trim() || null,
    publishDate: values.publishDate.format('YYYY-MM-DD'),
    bodyHtml: values.bodyHtml || null,
    pinned: values.pinned,
    inBanner: values.inBanner,
    attachmentIds: values.attachments.map((a) => a.id),
    coverId: values.cover?.id ?? null,
  };
}

/**
 * One portal article: its category, title, dates, banner picture, rich-text body and
 * attachments. New articles are drafts until published; a published one stays published when
 * saved. A refused save keeps everything typed; the server's sanitiser says when it took
 * something out of the body, and the body shown afterwards is what it kept.
 */
export function ManageArticleForm({
  article,
  category,
  cleanedBefore = false,
}: {
  /** The article to edit; none for a new one. */
  article?: StaffArticle;
  /** A new article's category (from the list's filter). */
  category?: PortalCategory;
  /** The save that created this article had its body cleaned (said again after the redirect). */
  cleanedBefore?: boolean;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [cleaned, setCleaned] = useState(cleanedBefore);
  const [historyOpen, setHistoryOpen] = useState(false);
  const save = useSaveManageArticle();
  const publish = usePublishManageArticle();
  const unpublish = useUnpublishManageArticle();
  const history = useManageArticleHistory(historyOpen ? article?.id : undefined);
  const busy = save.isPending || publish.isPending || unpublish.isPending;
  const published = article?.status === 'PUBLISHED';

  const onSave = async (andPublish: boolean) => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd marks the fields and scrolls to the first
    }
    let saved: StaffArticle;
    let bodyCleaned: boolean;
    try {
      const answer = await save.mutateAsync({ id: article?.id, body: requestOf(values) });
      saved = answer.article;
      bodyCleaned = answer.bodyCleaned;
      setCleaned(bodyCleaned);
      if (answer.bodyCleaned) {
        void message.warning(t('portalManage.article.bodyCleaned'));
        // The lasting warning sits above the form: bring it into view.
        window.scrollTo({ top: 0 });
      }
    } catch (error) {
      markRefusedFields(form, error, FIELDS);
      void message.error(messageOf(error));
      return;
    }
    if (andPublish && saved.status !== 'PUBLISHED') {
      try {
        saved = await publish.mutateAsync(saved.id);
        void message.success(t('portalManage.article.published'));
      } catch (error) {
        void message.error(messageOf(error));
      }
    } else void message.success(t('portalManage.article.saved'));
    queryClient.setQueryData(manageArticleQuery(saved.id).queryKey, saved);
    if (!article) void navigate(`${ARTICLES_PATH}/${saved.id}`, { replace: true, state: { bodyCleaned } });
    // The server's version: fresh uploads are attachments now, and the body is what it kept.
    else form.setFieldsValue(valuesOf(saved, undefined));
  };

  const onUnpublish = () =>
    article &&
    modal.confirm({
      title: t('portalManage.article.unpublish'),
      content: t('portalManage.article.confirmUnpublish', { title: article.title }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await unpublish.mutateAsync(article.id);
          void message.success(t('portalManage.article.unpublished'));
        } catch (error) {
          void message.error(messageOf(error));
        }
      },
    });

  return (
    <Card
      title={article ? t('portalManage.article.editTitle') : t('portalManage.article.newTitle')}
      extra={
        <Space wrap>
          {article && (
            <Tag color={published ? 'green' : 'default'} data-testid="article-status">
              {published ? t('portalManage.status.PUBLISHED') : t('portalManage.status.DRAFT')}
            </Tag>
          )}
          {article && published && (
            <Button
              icon={<EyeOutlined />}
              href={publicArticlePath(article)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="article-preview"
            >
              {t('portalManage.article.preview')}
            </Button>
          )}
          {article && (
            <Button
              icon={<HistoryOutlined />}
              onClick={() => setHistoryOpen(true)}
              data-testid="article-history"
            >
              {t('portalManage.history.open')}
            </Button>
          )}
          <Button icon={<RollbackOutlined />} onClick={() => void navigate(ARTICLES_PATH)}>
            {t('portalManage.backToList')}
          </Button>
        </Space>
      }
    >
      {cleaned && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setCleaned(false)}
          title={t('portalManage.article.bodyCleaned')}
          description={t('portalManage.article.bodyCleanedHint')}
          style={{ marginBottom: 16 }}
          data-testid="article-body-cleaned"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={valuesOf(article, category)}
        disabled={busy}
        data-testid="article-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="category"
              label={t('portalManage.article.category')}
              rules={[{ required: true, message: t('portalManage.required') }]}
            >
              <Select<PortalCategory>
                options={PORTAL_CATEGORY_KEYS.map((c) => ({ value: c, label: PORTAL_CATEGORIES[c][locale] }))}
                data-testid="article-category"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="publishDate"
              label={t('portalManage.article.publishDate')}
              tooltip={t('portalManage.article.publishDateHint')}
              rules={[{ required: true, message: t('portalManage.required') }]}
            >
              <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="article-date" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="source" label={t('portalManage.article.source')}>
              <Input
                maxLength={PORTAL_LIMITS.sourceMax}
                placeholder={t('portalManage.article.sourcePlaceholder')}
                data-testid="article-source"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="title"
          label={t('portalManage.article.title')}
          rules={[
            { required: true, whitespace: true, message: t('portalManage.required') },
            { max: PORTAL_LIMITS.titleMax },
          ]}
        >
          <Input maxLength={PORTAL_LIMITS.titleMax} showCount data-testid="article-title" />
        </Form.Item>
        <Form.Item name="summary" label={t('portalManage.article.summary')}>
          <Input.TextArea
            maxLength={PORTAL_LIMITS.summaryMax}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('portalManage.article.summaryPlaceholder')}
            data-testid="article-summary"
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} md={4}>
            <Form.Item
              name="pinned"
              label={t('portalManage.article.pinned')}
              valuePropName="checked"
              tooltip={t('portalManage.article.pinnedHint')}
            >
              <Switch data-testid="article-pinned" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item
              name="inBanner"
              label={t('portalManage.article.inBanner')}
              valuePropName="checked"
              tooltip={t('portalManage.article.inBannerHint')}
              dependencies={['cover']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, inBanner: boolean) => {
                    if (inBanner && !getFieldValue('cover'))
                      throw new Error(t('portalManage.article.bannerNeedsCover'));
                  },
                }),
              ]}
            >
              <Switch data-testid="article-in-banner" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="cover" label={t('portalManage.article.cover')}>
              <ManageCoverField />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="bodyHtml"
          label={t('portalManage.article.body')}
          extra={t('portalManage.article.bodyHint')}
          rules={[
            {
              validator: async (_, html: string) => {
                if (html && html.length > PORTAL_LIMITS.bodyMax)
                  throw new Error(t('portalManage.article.bodyTooLong'));
              },
            },
          ]}
        >
          <EditorSlot />
        </Form.Item>
        <Form.Item name="attachments" label={t('portalManage.article.attachments')}>
          <ManageAttachmentList />
        </Form.Item>
      </Form>
      <div className="manage-form-actions">
        <Space wrap>
          {!published && (
            <Button
              icon={<SaveOutlined />}
              loading={save.isPending && !publish.isPending}
              disabled={busy}
              onClick={() => void onSave(false)}
              data-testid="article-save-draft"
            >
              {t('portalManage.article.saveDraft')}
            </Button>
          )}
          {!published && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              loading={publish.isPending}
              disabled={busy}
              onClick={() => void onSave(true)}
              data-testid="article-save-publish"
            >
              {t('portalManage.article.saveAndPublish')}
            </Button>
          )}
          {published && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              disabled={busy}
              onClick={() => void onSave(false)}
              data-testid="article-save"
            >
              {t('portalManage.article.savePublished')}
            </Button>
          )}
          {published && (
            <Button danger disabled={busy} onClick={onUnpublish} data-testid="article-unpublish">
              {t('portalManage.article.unpublish')}
            </Button>
          )}
          <Typography.Text type="secondary">
            {published ? t('portalManage.article.publishedNote') : t('portalManage.article.draftNote')}
          </Typography.Text>
        </Space>
      </div>
      {article && (
        <ManageHistoryDrawer
          open={historyOpen}
          title={t('portalManage.history.titleOf', { title: article.title })}
          entries={history.data}
          loading={history.isFetching}
          error={history.error}
          onClose={() => setHistoryOpen(false)}
        />
      )}
    </Card>
  );
}

/** The lazily loaded editor as a form control: antd hands it `value`, `onChange` and `id`. */
function EditorSlot(props: { value?: string; onChange?: (html: string) => void; id?: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <ManageRichTextEditor {...props} />
    </Suspense>
  );
}
