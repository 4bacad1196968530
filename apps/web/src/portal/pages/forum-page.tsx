import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ForumTopic } from '@drp/domain';
import { PortalApiError, isNotFound, postPortal, sessionToken } from '../api/portal-http';
import { forumTopicQuery, forumTopicsQuery } from '../api/portal-queries';
import { Breadcrumb } from '../components/breadcrumb';
import { formatDateTime, textToParagraphs } from '../components/format';
import { ListFilterForm } from '../components/list-filter-form';
import { LoadError, Loading, NotFoundContent } from '../components/page-state';
import { Pager } from '../components/pager';
import { useDocumentTitle } from '../components/use-document-title';
import { useListFilters } from '../components/use-list-filters';
import { usePortalI18n } from '../i18n/portal-i18n';
import { FORUM_PATH, forumTopicPath, loginPath } from '../portal-links';

/** Where an anonymous reader signs in to take part, coming back to this page afterwards. */
function SignInToPost() {
  const { t } = usePortalI18n();
  const { pathname, search } = useLocation();
  return (
    <p className="portal-forum-signin">
      <a href={loginPath(`${pathname}${search}`)} data-testid="forum-login">
        {t('forum.signInToReply')}
      </a>
    </p>
  );
}

/** The app signs in; a session that has run out answers 401 and the reader signs in again. */
function postError(error: unknown, t: ReturnType<typeof usePortalI18n>['t']) {
  if (error instanceof PortalApiError && error.status === 401) return t('forum.expired');
  return error instanceof Error ? error.message : String(error);
}

function ReplyForm({ topic }: { topic: ForumTopic }) {
  const { t } = usePortalI18n();
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const reply = useMutation({
    mutationFn: (bodyHtml: string) =>
      postPortal(`/api/portal/forum/topics/${encodeURIComponent(topic.id)}/replies`, { bodyHtml }),
    onSuccess: async () => {
      setText('');
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: ['portal', 'forum'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    if (!text.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    reply.mutate(textToParagraphs(text));
  };
  const expired = reply.error instanceof PortalApiError && reply.error.status === 401;
  return (
    <form className="portal-forum-form" onSubmit={submit} noValidate>
      <h2 id={`${id}-title`}>{t('forum.reply')}</h2>
      <label htmlFor={`${id}-body`}>{t('forum.replyBody')}</label>
      <textarea
        id={`${id}-body`}
        rows={5}
        maxLength={5000}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        data-testid="forum-reply-body"
      />
      {invalid && (
        <p id={`${id}-error`} className="portal-field-error">
          {t('forum.required')}
        </p>
      )}
      <div role="status" aria-live="polite" className="portal-form-status">
        {sent && <p className="portal-success">{t('forum.replySent')}</p>}
      </div>
      {reply.isError && (
        <p className="portal-field-error" role="alert">
          {postError(reply.error, t)}
        </p>
      )}
      {expired && <SignInToPost />}
      <button
        type="submit"
        className="portal-button portal-button-primary"
        disabled={reply.isPending}
        data-testid="forum-reply-submit"
      >
        {reply.isPending ? t('forum.posting') : t('forum.reply')}
      </button>
    </form>
  );
}

function Topic({ topic }: { topic: ForumTopic }) {
  const { t } = usePortalI18n();
  useDocumentTitle(topic.title);
  const signedIn = Boolean(sessionToken());
  const replies = topic.replies;
  return (
    <article className="portal-page portal-forum-topic">
      <Breadcrumb items={[{ label: t('forum.title'), to: FORUM_PATH }, { label: topic.title }]} />
      <header className="portal-article-head">
        <h1 data-testid="forum-topic-title">{topic.title}</h1>
        <p className="portal-article-meta">
          <span>
            {t('forum.author')}：{topic.authorName}
            {topic.orgName ? `（${topic.orgName}）` : ''}
          </span>
          <span>
            {t('forum.createdAt')}：<time dateTime={topic.createdAt}>{formatDateTime(topic.createdAt)}</time>
          </span>
        </p>
      </header>
      {/* Sanitised by the server like an article's body. */}
      <div className="portal-article-body" dangerouslySetInnerHTML={{ __html: topic.bodyHtml }} />
      <section className="portal-forum-replies" aria-labelledby="portal-forum-replies">
        <h2 id="portal-forum-replies">
          {t('forum.replies')} ({replies.filter((r) => !r.hidden).length})
        </h2>
        {replies.length === 0 ? (
          <p className="portal-empty">{t('forum.noReplies')}</p>
        ) : (
          <ol className="portal-forum-reply-list">
            {replies.map((reply, i) => (
              <li key={reply.id} data-testid="forum-reply">
                <p className="portal-forum-reply-head">
                  <span className="portal-forum-floor">#{i + 1}</span>
                  <span>
                    {reply.authorName}
                    {reply.orgName ? `（${reply.orgName}）` : ''}
                  </span>
                  <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                </p>
                {reply.hidden ? (
                  <p className="portal-muted">{t('forum.hiddenReply')}</p>
                ) : (
                  <div className="portal-article-body" dangerouslySetInnerHTML={{ __html: reply.bodyHtml }} />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      {topic.locked ? (
        <p className="portal-notice">{t('forum.locked')}</p>
      ) : signedIn ? (
        <ReplyForm topic={topic} />
      ) : (
        <SignInToPost />
      )}
      <p>
        <Link to={FORUM_PATH}>{t('forum.back')}</Link>
      </p>
    </article>
  );
}

function NewTopicForm() {
  const { t } = usePortalI18n();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState(false);
  const post = useMutation({
    mutationFn: (request: { title: string; bodyHtml: string }) =>
      postPortal<{ id: string }>('/api/portal/forum/topics', request),
    onSuccess: async (topic) => {
      await queryClient.invalidateQueries({ queryKey: ['portal', 'forum'] });
      if (topic?.id) void navigate(forumTopicPath(topic.id));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !body.trim()) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    post.mutate({ title: title.trim(), bodyHtml: textToParagraphs(body) });
  };
  return (
    <details className="portal-forum-new">
      <summary>{t('forum.newTopic')}</summary>
      <form className="portal-forum-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-title`}>{t('forum.topicTitle')}</label>
        <input
          id={`${id}-title`}
          type="text"
          maxLength={100}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={(invalid && !title.trim()) || undefined}
        />
        <label htmlFor={`${id}-body`}>{t('forum.topicBody')}</label>
        <textarea
          id={`${id}-body`}
          rows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={(invalid && !body.trim()) || undefined}
        />
        {invalid && (
          <p className="portal-field-error" role="alert">
            {t('forum.required')}
          </p>
        )}
        {post.isError && (
          <p className="portal-field-error" role="alert">
            {postError(post.error, t)}
          </p>
        )}
        <button type="submit" className="portal-button portal-button-primary" disabled={post.isPending}>
          {post.isPending ? t('forum.posting') : t('forum.newTopic')}
        </button>
      </form>
    </details>
  );
}

function TopicList() {
  const { t } = usePortalI18n();
  useDocumentTitle(t('forum.title'));
  const [filters, setFilters] = useListFilters();
  const topics = useQuery(forumTopicsQuery(filters));
  const signedIn = Boolean(sessionToken());
  return (
    <div className="portal-page">
      <Breadcrumb items={[{ label: t('forum.title') }]} />
      <h1 className="portal-page-title">{t('forum.title')}</h1>
      {signedIn ? <NewTopicForm /> : <SignInToPost />}
      <ListFilterForm
        key={`${filters.title ?? ''}|${filters.from ?? ''}|${filters.to ?? ''}`}
        filters={filters}
        onSearch={setFilters}
      />
      {topics.isPending ? (
        <Loading />
      ) : topics.isError ? (
        <LoadError onRetry={() => void topics.refetch()} />
      ) : (
        <>
          {topics.data.items.length ? (
            <ul className={`portal-list${topics.isPlaceholderData ? ' portal-stale' : ''}`}>
              {topics.data.items.map((topic) => (
                <li key={topic.id} className="portal-list-row" data-testid="portal-list-item">
                  <div className="portal-list-main">
                    <Link to={forumTopicPath(topic.id)} className="portal-list-title">
                      {topic.title}
                    </Link>
                    <time dateTime={topic.createdAt}>{formatDateTime(topic.createdAt).slice(0, 10)}</time>
                  </div>
                  <p className="portal-list-meta">
                    <span>
                      {t('forum.author')}：{topic.authorName}
                      {topic.orgName ? `（${topic.orgName}）` : ''}
                    </span>
                    <span>{t('forum.replyCount', { count: topic.replyCount })}</span>
                    {topic.lastReplyAt && (
                      <span>
                        {t('forum.lastReply')}：{formatDateTime(topic.lastReplyAt)}
                      </span>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p className="portal-empty" role="status">
              {t('list.empty')}
            </p>
          )}
          <Pager page={filters.page} total={topics.data.total} />
        </>
      )}
    </div>
  );
}

function TopicPage({ id }: { id: string }) {
  const topic = useQuery(forumTopicQuery(id));
  if (isNotFound(topic.error)) return <NotFoundContent />;
  if (topic.isPending) return <Loading lines={10} />;
  if (topic.isError) return <LoadError onRetry={() => void topic.refetch()} />;
  return <Topic topic={topic.data} />;
}

/** `forumDetail?id={topic}`: a topic and its replies; without an id, the list of topics. */
export function ForumPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <TopicPage key={id} id={id} /> : <TopicList />;
}
