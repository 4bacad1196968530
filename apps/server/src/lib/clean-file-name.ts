/**
 * A name as users gave it (Chinese kept), safe anywhere it is shown or zipped: the last path
 * segment only, no control or reserved characters, at most 200 characters with the extension kept.
 */
export function cleanFileName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let name = last.replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  name = name.replace(/^\.+/, '').trim();
  if (!name) name = '未命名文件';
  if (name.length > 200) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, 200 - ext.length) + ext;
  }
  return name;
}
