import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PortalLink, PortalLinkGroup } from '@drp/domain';
import { usePortalI18n } from '../i18n/portal-i18n';

const TAB_GROUPS = ['CITY_GOV', 'HOUSING_BUREAU'] as const satisfies PortalLinkGroup[];

function ExternalLink({ link }: { link: PortalLink }) {
  const { t } = usePortalI18n();
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer">
      {link.name}
      <span className="sr-only">{t('a11y.opensNew')}</span>
    </a>
  );
}

/**
 * The friendly links, and the city-government and housing-bureau links as real tabs (WAI tabs
 * pattern: ←/→/Home/End move between tabs, only the selected tab is in the Tab order).
 */
export function LinkTabs({ links }: { links: PortalLink[] }) {
  const { t, messages } = usePortalI18n();
  const id = useId();
  const [selected, setSelected] = useState<(typeof TAB_GROUPS)[number]>('CITY_GOV');
  const tabs = useRef(new Map<string, HTMLButtonElement | null>());
  const friendly = links.filter((l) => l.group === 'FRIENDLY');

  const onKey = (event: KeyboardEvent) => {
    const at = TAB_GROUPS.indexOf(selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (at + 1) % TAB_GROUPS.length;
    else if (event.key === 'ArrowLeft') next = (at - 1 + TAB_GROUPS.length) % TAB_GROUPS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = TAB_GROUPS.length - 1;
    if (next === null) return;
    event.preventDefault();
    const group = TAB_GROUPS[next]!;
    setSelected(group);
    tabs.current.get(group)?.focus();
  };

  return (
    <section className="portal-links" aria-label={t('links.label')}>
      <div className="portal-container portal-links-inner">
        <div className="portal-links-friendly">
          <h2 id={`${id}-friendly`}>{messages.linkGroups.FRIENDLY}</h2>
          <ul aria-labelledby={`${id}-friendly`}>
            {friendly.map((link) => (
              <li key={link.id}>
                <ExternalLink link={link} />
              </li>
            ))}
          </ul>
        </div>
        <div className="portal-links-tabs">
          <div role="tablist" aria-label={t('links.tabs')} className="portal-tablist">
            {TAB_GROUPS.map((group) => (
              <button
                key={group}
                type="button"
                role="tab"
                id={`${id}-tab-${group}`}
                aria-selected={selected === group}
                aria-controls={`${id}-panel-${group}`}
                tabIndex={selected === group ? 0 : -1}
                ref={(el) => {
                  tabs.current.set(group, el);
                }}
                onClick={() => setSelected(group)}
                onKeyDown={onKey}
                data-testid={`portal-link-tab-${group}`}
              >
                {messages.linkGroups[group]}
              </button>
            ))}
          </div>
          {TAB_GROUPS.map((group) => (
            <div
              key={group}
              role="tabpanel"
              id={`${id}-panel-${group}`}
              aria-labelledby={`${id}-tab-${group}`}
              hidden={selected !== group}
              className="portal-tabpanel"
            >
              <ul>
                {links
                  .filter((l) => l.group === group)
                  .map((link) => (
                    <li key={link.id}>
                      <ExternalLink link={link} />
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
