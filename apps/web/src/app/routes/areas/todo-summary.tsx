import { Alert, Button, Empty, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  AREAS,
  LIMITS,
  formatRelativeTime,
  messageTypeName,
  type AreaKey,
  type MessageQuery,
  type PrincipalMember,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSession } from '../../../features/auth/hooks/session-context';
import { useMessageCentre } from '../../../features/messages/api/get-messages';
import { useOpenMessage } from '../../../features/messages/hooks/use-open-message';
import { isRouted } from '../../route-registry';

/** The newest open to-dos the workbench lists; the message centre has the rest. */
const SHOWN = LIMITS.defaultPageSize;

/**
 * The workbench's open to-dos of the acting organisation: how many of each kind, the newest few
 * (each opens the screen where its work is done, as in the bell) and the way to the message centre.
 * To-dos settle themselves when the work is done, so what shows here is what is still to do.
 */
export function TodoSummary({ area, member }: { area: AreaKey; member: PrincipalMember }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const session = useSession();
  const query: MessageQuery = { orgIds: member.orgId, state: 'todo', page: 0, size: SHOWN };
  const todos = useMessageCentre(query, locale, true);
  const { open, busyId } = useOpenMessage({
    members: session.principal?.members ?? [],
    currentOrgId: session.currentOrgId,
    setCurrentOrgId: session.setCurrentOrgId,
    isRouted,
  });
  const centre = `${AREAS[area].prefix}/messages`;

  if (todos.isPending) return <Spin />;
  if (todos.isError) return <Alert type="error" showIcon title={todos.error.message} />;
  const { counts, items } = todos.data;
  const now = new Date();
  return (
    <div data-testid="todo-summary">
      {counts.todo === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty.todo')} />
      ) : (
        <>
          <div className="workbench-todo-kinds" data-testid="todo-kinds">
            {counts.todoByType.map((k) => (
              <Tag key={k.type} color="blue" data-testid={`todo-kind-${k.type}`}>
                {messageTypeName(k.type, locale)} <strong>{k.count}</strong>
              </Tag>
            ))}
          </div>
          <ul className="workbench-todos">
            {items.map((m) => (
              <li key={m.id}>
                <Button
                  type="link"
                  className="workbench-todo-open"
                  loading={busyId === m.id}
                  onClick={() => void open(m)}
                  data-testid="todo-item"
                >
                  {m.content}
                </Button>
                <Typography.Text type="secondary" className="workbench-todo-meta">
                  {m.projectName && <span>{m.projectName}</span>}
                  <time dateTime={m.sendTime} title={new Date(m.sendTime).toLocaleString(locale)}>
                    {formatRelativeTime(new Date(m.sendTime), now, locale)}
                  </time>
                </Typography.Text>
              </li>
            ))}
          </ul>
        </>
      )}
      {isRouted(centre) && (
        <Link to={centre} data-testid="todo-centre">
          {t('messages.viewAll')}
          {counts.todo > items.length ? ` (${counts.todo})` : ''}
        </Link>
      )}
    </div>
  );
}
