import { describe, expect, it } from 'vitest';
import { folderPaths, sameSheetIn } from './sheet-match';

interface Folder {
  id: string;
  name: string;
  children: Folder[];
}
const folder = (id: string, name: string, children: Folder[] = []): Folder => ({ id, name, children });

describe('the same sheet in an earlier version', () => {
  // Version 1 and version 2 have the same folders under new ids.
  const v1 = folderPaths([folder('a1', '1#楼', [folder('s1', '结构'), folder('j1', '建筑')])]);
  const v2 = folderPaths([folder('a2', '1#楼', [folder('s2', '结构'), folder('j2', '建筑')])]);
  const earlier = [
    { id: 'f1', name: '结施-01.pdf', folderId: 'j1' },
    { id: 'f2', name: '结施-01.pdf', folderId: 's1' },
    { id: 'f3', name: '结施-02.pdf', folderId: 's1' },
  ];

  it('is the file of that name in the folder of the same path, not one of that name elsewhere', () => {
    expect(v2.get('s2')).toBe('/1#楼/结构');
    expect(sameSheetIn(earlier, v1, { name: '结施-01.pdf', path: v2.get('s2')! })?.id).toBe('f2');
    expect(sameSheetIn(earlier, v1, { name: '结施-01.pdf', path: v2.get('j2')! })?.id).toBe('f1');
  });

  it('is none when the name or the folder changed', () => {
    expect(sameSheetIn(earlier, v1, { name: '结施-03.pdf', path: '/1#楼/结构' })).toBeUndefined();
    expect(sameSheetIn(earlier, v1, { name: '结施-02.pdf', path: '/2#楼/结构' })).toBeUndefined();
  });
});
