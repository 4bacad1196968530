/** A map that forgets the least recently used entries beyond `max`, handing each to `evict`. */
export class LruCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(
    private readonly max: number,
    private readonly evict: (value: V) => void = () => {},
  ) {}

  get size() {
    return this.map.size;
  }

  has(key: K) {
    return this.map.has(key);
  }

  /** The value, marked as just used. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  set(key: K, value: V) {
    const old = this.map.get(key);
    if (old !== undefined && old !== value) this.evict(old);
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const [first, firstValue] = this.map.entries().next().value as [K, V];
      this.map.delete(first);
      this.evict(firstValue);
    }
  }

  clear() {
    for (const value of this.map.values()) this.evict(value);
    this.map.clear();
  }
}
