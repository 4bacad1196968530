import type { Locale } from '../errors/error-codes.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * How long ago a message came, as the to-do popover shows it (spec §9): under 30 s "刚刚", then
 * minutes, hours, "1 天前", and from two days on the calendar date (in the reader's time zone).
 * A time slightly in the future (clocks of server and browser disagree) reads as just now.
 */
export function formatRelativeTime(then: Date, now: Date, locale: Locale): string {
  const elapsed = now.getTime() - then.getTime();
  const zh = locale === 'zh-CN';
  if (elapsed < 30_000) return zh ? '刚刚' : 'just now';
  if (elapsed < HOUR) {
    const n = Math.max(1, Math.floor(elapsed / MINUTE));
    return zh ? `${n} 分钟前` : `${n} minute${n === 1 ? '' : 's'} ago`;
  }
  if (elapsed < DAY) {
    const n = Math.floor(elapsed / HOUR);
    return zh ? `${n} 小时前` : `${n} hour${n === 1 ? '' : 's'} ago`;
  }
  if (elapsed < 2 * DAY) return zh ? '1 天前' : '1 day ago';
  return `${then.getFullYear()}-${pad(then.getMonth() + 1)}-${pad(then.getDate())}`;
}
