import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.js';

const now = new Date(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('formatRelativeTime', () => {
  it('says just now under 30 seconds, and for a time a little ahead of the clock', () => {
    expect(formatRelativeTime(ago(0), now, 'zh-CN')).toBe('刚刚');
    expect(formatRelativeTime(ago(29 * S), now, 'zh-CN')).toBe('刚刚');
    expect(formatRelativeTime(ago(-5 * S), now, 'en-US')).toBe('just now');
  });

  it('counts minutes from 30 seconds to an hour', () => {
    expect(formatRelativeTime(ago(30 * S), now, 'zh-CN')).toBe('1 分钟前');
    expect(formatRelativeTime(ago(5 * M + 10 * S), now, 'zh-CN')).toBe('5 分钟前');
    expect(formatRelativeTime(ago(59 * M), now, 'en-US')).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(40 * S), now, 'en-US')).toBe('1 minute ago');
  });

  it('counts hours up to a day', () => {
    expect(formatRelativeTime(ago(H), now, 'zh-CN')).toBe('1 小时前');
    expect(formatRelativeTime(ago(23 * H + 59 * M), now, 'zh-CN')).toBe('23 小时前');
    expect(formatRelativeTime(ago(2 * H), now, 'en-US')).toBe('2 hours ago');
    expect(formatRelativeTime(ago(H + M), now, 'en-US')).toBe('1 hour ago');
  });

  it('says one day ago on the second day, then the date', () => {
    expect(formatRelativeTime(ago(24 * H), now, 'zh-CN')).toBe('1 天前');
    expect(formatRelativeTime(ago(47 * H), now, 'en-US')).toBe('1 day ago');
    expect(formatRelativeTime(ago(48 * H), now, 'zh-CN')).toBe('2026-11-19');
    expect(formatRelativeTime(new Date(2025, 0, 5, 9, 0), now, 'en-US')).toBe('2025-01-05');
  });
});
