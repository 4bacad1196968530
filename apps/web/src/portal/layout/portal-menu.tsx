import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { usePortalI18n } from '../i18n/portal-i18n';
import { CATEGORY_LIST_PATH, CREDIT_LIST_KEYS, CREDIT_LIST_PATHS } from '../portal-links';
import { PORTAL_HOME, REVIEW_RECORDS_PATH, isPortalPath } from '../portal-paths';

interface MenuLink {
  label: string;
  to: string;
}
interface MenuEntry {
  key: string;
  label: string;
  to?: string;
  /** The entry is current on its pages beneath too (a record's details). */
  within?: boolean;
  children?: MenuLink[];
}

/** A mouse on a wide screen opens groups by pointing; touch and the folded phone menu do not. */
const hoverOpens = () => window.matchMedia('(min-width: 768px) and (hover: hover)').matches;

/** Whether a menu target is the page shown: same path and, for homeList, the same category. */
function isCurrent(to: string, pathname: string, search: string): boolean {
  const [path, query] = to.split('?');
  if (path !== pathname) return false;
  if (!query) return true;
  const want = new URLSearchParams(query);
  const have = new URLSearchParams(search);
  return [...want].every(([k, v]) => have.get(k) === v);
}

/**
 * The top menu of spec §1. Entries with children are disclosure buttons (the WAI pattern for
 * site navigation, not an ARIA menu): Enter, Space or ↓ opens, ↑/↓ move inside, Escape closes
 * and returns to the button, leaving the entry closes it. On a phone the whole menu folds behind
 * one button and the groups open in place.
 */
export function PortalMenu() {
  const { t, messages } = usePortalI18n();
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const navId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  // When the pointer opened a group just before the click that follows it, the click keeps it open.
  const hoveredAt = useRef(0);
  const lists = useRef(new Map<string, HTMLUListElement | null>());

  // A followed link closes everything.
  useEffect(() => {
    setOpen(null);
    setExpanded(false);
  }, [pathname, search]);

  const entries: MenuEntry[] = [
    { key: 'home', label: t('menu.home'), to: PORTAL_HOME },
    {
      key: 'policy',
      label: t('menu.policy'),
      children: (['MINISTERIAL_FILE', 'PROVINCIAL_FILE', 'OTHER_FILE'] as const).map((c) => ({
        label: messages.categories[c],
        to: CATEGORY_LIST_PATH[c],
      })),
    },
    { key: 'standards', label: t('menu.standards'), to: CATEGORY_LIST_PATH.STANDARD },
    { key: 'reviewNews', label: t('menu.reviewNews'), to: CATEGORY_LIST_PATH.REVIEW_NEWS },
    {
      key: 'creditBuilding',
      label: t('menu.creditBuilding'),
      children: (
        ['CREDIT_DOC', 'CREDIT_PROVINCE_NEWS', 'CREDIT_LOCAL_NEWS', 'CREDIT_FIELD_NEWS'] as const
      ).map((c) => ({ label: messages.categories[c], to: CATEGORY_LIST_PATH[c] })),
    },
    {
      key: 'creditInfo',
      label: t('menu.creditInfo'),
      children: CREDIT_LIST_KEYS.map((list) => ({
        label: messages.creditLists[list],
        to: CREDIT_LIST_PATHS[list],
      })),
    },
    { key: 'reviewRecords', label: t('menu.reviewRecords'), to: REVIEW_RECORDS_PATH, within: true },
  ];

  const focusItem = (key: string, index: number | 'last') => {
    const links = lists.current.get(key)?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    const i = index === 'last' ? links.length - 1 : (index + links.length) % links.length;
    links[i]?.focus();
  };

  const onButtonKey = (key: string, event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(key);
      // The list renders open on the next frame.
      requestAnimationFrame(() => focusItem(key, event.key === 'ArrowDown' ? 0 : 'last'));
    } else if (event.key === 'Escape') setOpen(null);
  };

  const onListKey = (key: string, event: KeyboardEvent<HTMLUListElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(key, at + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(key, at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(key, 0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(key, 'last');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(null);
      buttons.current.get(key)?.focus();
    }
  };

  const section = isPortalPath(pathname) ? pathname : '';
  return (
    <nav className="portal-nav" aria-label={t('menu.label')} data-testid="portal-menu">
      <div className="portal-container portal-nav-inner">
        <button
          type="button"
          className="portal-nav-toggle"
          aria-expanded={expanded}
          aria-controls={navId}
          onClick={() => setExpanded((v) => !v)}
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t('menu.toggle')}
        </button>
        <ul id={navId} className={`portal-nav-list${expanded ? ' portal-nav-list-open' : ''}`}>
          {entries.map((entry) => {
            if (entry.to) {
              const current = entry.within
                ? section.startsWith(entry.to)
                : isCurrent(entry.to, section, search);
              return (
                <li key={entry.key} className="portal-nav-item">
                  <Link
                    to={entry.to}
                    className={`portal-nav-link${current ? ' portal-nav-current' : ''}`}
                    aria-current={current ? 'page' : undefined}
                  >
                    {entry.label}
                  </Link>
                </li>
              );
            }
            const children = entry.children ?? [];
            const isOpen = open === entry.key;
            const holdsCurrent = children.some((c) => isCurrent(c.to, section, search));
            const listId = `${navId}-${entry.key}`;
            return (
              <li
                key={entry.key}
                className={`portal-nav-item portal-nav-group${isOpen ? ' portal-nav-open' : ''}`}
                onMouseEnter={() => {
                  if (!hoverOpens()) return;
                  hoveredAt.current = Date.now();
                  setOpen(entry.key);
                }}
                onMouseLeave={() => {
                  if (hoverOpens()) setOpen(null);
                }}
                onBlur={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget) && isOpen) setOpen(null);
                }}
              >
                <button
                  type="button"
                  ref={(el) => {
                    buttons.current.set(entry.key, el);
                  }}
                  className={`portal-nav-link portal-nav-button${holdsCurrent ? ' portal-nav-current' : ''}`}
                  aria-expanded={isOpen}
                  aria-controls={listId}
                  onClick={() => {
                    const justHovered = Date.now() - hoveredAt.current < 500;
                    setOpen(isOpen && !justHovered ? null : entry.key);
                  }}
                  onKeyDown={(e) => onButtonKey(entry.key, e)}
                >
                  {entry.label}
                  <svg
                    className="portal-nav-caret"
                    viewBox="0 0 10 6"
                    width="10"
                    height="6"
                    aria-hidden="true"
                  >
                    <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
                  </svg>
                </button>
                <ul
                  id={listId}
                  className="portal-nav-sub"
                  hidden={!isOpen}
                  ref={(el) => {
                    lists.current.set(entry.key, el);
                  }}
                  onKeyDown={(e) => onListKey(entry.key, e)}
                >
                  {children.map((child) => {
                    const current = isCurrent(child.to, section, search);
                    return (
                      <li key={child.to}>
                        <Link to={child.to} aria-current={current ? 'page' : undefined}>
                          {child.label}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
