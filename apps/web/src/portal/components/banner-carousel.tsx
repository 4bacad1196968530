import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { PortalArticleSummary } from '@drp/domain';
import { usePortalI18n } from '../i18n/portal-i18n';
import { articlePath } from '../portal-links';

const INTERVAL_MS = 6000;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's picture news (WAI carousel pattern): one slide at a time in a box of fixed
 * height (no layout shift), turning every few seconds unless the reader prefers reduced motion,
 * points at it, focuses inside it or presses pause (WCAG 2.2.2).
 */
export function BannerCarousel({ items }: { items: PortalArticleSummary[] | undefined }) {
  const { t } = usePortalI18n();
  const slides = (items ?? []).filter((i) => i.coverUrl);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [held, setHeld] = useState(false);
  const count = slides.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (!playing || held || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [playing, held, count]);

  if (items === undefined)
    return <section className="portal-banner" aria-label={t('banner.label')} aria-busy="true" />;
  if (!count)
    return (
      <section className="portal-banner portal-banner-empty" aria-label={t('banner.label')}>
        <p>{t('banner.empty')}</p>
      </section>
    );

  return (
    <section
      className="portal-banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div className="portal-banner-slides" aria-live={playing && !held ? 'off' : 'polite'}>
        {slides.map((item, i) => (
          <div
            key={item.id}
            className={`portal-banner-slide${i === current ? ' portal-banner-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t('banner.slide', { n: i + 1, total: count })}
            aria-hidden={i !== current}
            inert={i !== current}
          >
            <Link to={articlePath(item)} tabIndex={i === current ? 0 : -1}>
              <img
                src={item.coverUrl!}
                alt=""
                width="800"
                height="340"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
              />
              <span className="portal-banner-caption">{item.title}</span>
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="portal-banner-controls">
          <button
            type="button"
            className="portal-banner-button"
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('banner.pause') : t('banner.play')}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              {playing ? (
                <path d="M4 3h3v10H4zM9 3h3v10H9z" fill="currentColor" />
              ) : (
                <path d="M4 2l10 6-10 6z" fill="currentColor" />
              )}
            </svg>
          </button>
          <button
            type="button"
            className="portal-banner-button"
            onClick={() => setIndex((current - 1 + count) % count)}
            aria-label={t('banner.previous')}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M10 3L5 8l5 5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
          {slides.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className="portal-banner-dot"
              aria-label={t('banner.slide', { n: i + 1, total: count })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
          <button
            type="button"
            className="portal-banner-button"
            onClick={() => setIndex((current + 1) % count)}
            aria-label={t('banner.next')}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M6 3l5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
