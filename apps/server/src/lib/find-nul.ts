import type { ErrorParam } from '@drp/domain';

/**
 * The path of the first string (value or key) in `value` that holds a NUL, or undefined. Walked
 * with a stack of its own: a body nested ten thousand levels deep must not overflow the call stack.
 */
export function findNul(value: unknown): string | undefined {
  // Almost every body holds no NUL: a first walk without paths keeps a large one cheap.
  return holdsNul(value) ? pathOfNul(value) : undefined;
}

function holdsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

function pathOfNul(value: unknown): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path || '(body)';
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: `${path}[${i}]` });
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, child] of Object.entries(item)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return at.replaceAll('\0', '\\0');
        stack.push({ value: child, path: at });
      }
    }
  }
  return undefined;
}

/** Where a NUL was found (the `field` of NUL_CHARACTER), in the words of the caller's language. */
export function nulField(where: 'url' | 'header' | 'field', name = ''): ErrorParam {
  const shown = name.replaceAll('\0', '\\0');
  if (where === 'url') return { 'zh-CN': '请求地址', 'en-US': 'The URL' };
  if (where === 'header') return { 'zh-CN': `请求头 ${shown} `, 'en-US': `The header ${shown}` };
  return { 'zh-CN': `字段「${shown}」`, 'en-US': `The field "${shown}"` };
}
