import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

describe('the answer cache', () => {
  it('keeps answers until cleared, drops those computed across a clear, and stays bounded', () => {
    const cache = new AnswerCache<string>(3, 1000);
    cache.set('k', 'a', 0, cache.token());
    expect(cache.get('k', 0), 'off until its change channel is heard').toBeUndefined();
    cache.setEnabled(true);
    cache.set('k', 'a', 0, cache.token());
    expect(cache.get('k', 1)).toBe('a');
    const before = cache.token();
    cache.clear();
    cache.set('k', 'a', 1, before);
    expect(cache.get('k', 1), 'computed before the clear').toBeUndefined();
    cache.set('k', 'a', 1, cache.token());
    expect(cache.get('k', 1002), 'past the backstop').toBeUndefined();
    for (const k of ['k0', 'k1', 'k2']) cache.set(k, k, 10, cache.token());
    cache.get('k0', 10);
    cache.set('k3', 'k3', 10, cache.token());
    expect(cache.get('k1', 10), 'the least recently used goes first').toBeUndefined();
    expect(cache.get('k0', 10)).toBe('k0');
    cache.setEnabled(false);
    expect(cache.get('k0', 10), 'nothing is served while the channel is lost').toBeUndefined();
  });

  it('computes once for repeated calls, and again after a clear', async () => {
    const cache = new AnswerCache<number>(10, 1000);
    cache.setEnabled(true);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.through('k', () => 0, compute)).toBe(1);
    expect(await cache.through('k', () => 0, compute)).toBe(1);
    cache.clear();
    expect(await cache.through('k', () => 0, compute)).toBe(2);
    // A clear while computing: the answer is given but not kept.
    const racing = cache.through(
      'r',
      () => 0,
      async () => {
        cache.clear();
        return ++computed;
      },
    );
    expect(await racing).toBe(3);
    expect(await cache.through('r', () => 0, compute)).toBe(4);
  });

  it('computes an answer once for callers that miss together, but never hands out one begun before a clear', async () => {
    const cache = new AnswerCache<number>(10, 1000);
    cache.setEnabled(true);
    let computed = 0;
    let finish!: () => void;
    const slow = () =>
      new Promise<number>((resolve) => {
        computed += 1;
        const n = computed;
        finish = () => resolve(n);
      });
    const first = cache.through('k', () => 0, slow);
    const second = cache.through('k', () => 0, slow);
    finish();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(computed).toBe(1);

    const before = cache.through('j', () => 0, slow);
    const finishBefore = finish;
    cache.clear();
    const after = cache.through('j', () => 0, slow);
    finish();
    finishBefore();
    expect(await after, 'computed again after the clear').toBe(3);
    expect(await before).toBe(2);
  });
});
