import { describe, expect, it } from 'vitest';
import type { SheetPlace } from '@drp/domain';
import { readDeepLink } from '../../../features/sheets/sheet-view';
import { answerSheetPath, viewerArea } from './answer-sheet-path';

const target = {
  orgId: '00000000-0000-4000-8000-00000000000a',
  projectId: '00000000-0000-4000-8000-00000000000b',
};
const place = (over: Partial<SheetPlace> = {}): SheetPlace => ({
  versionId: '00000000-0000-4000-8000-000000000001',
  round: 2,
  folderId: '00000000-0000-4000-8000-000000000002',
  fileId: '00000000-0000-4000-8000-000000000003',
  fileName: 'A-101.pdf',
  page: 2,
  region: { x: 100, y: 200, width: 50, height: 30 },
  ...over,
});

const split = (link: string) => {
  const [path, query = ''] = link.split('?');
  return { path, search: new URLSearchParams(query) };
};

describe('answerSheetPath', () => {
  it("opens the viewer's route at the page (1-based) centred on the region", () => {
    const { path, search } = split(answerSheetPath('submit', target, place(), 'CONSTRUCTION'));
    expect(path).toBe(
      `/sys_submit/${target.orgId}/${target.projectId}/reviewPDF/${place().versionId}/${place().folderId}/${place().fileId}/DESIGN/0`,
    );
    expect(readDeepLink(search)).toEqual({ page: 2, center: [125, 215] });
    expect(search.has('compare')).toBe(false);
  });

  it('opens a survey sheet in the survey tree, and a whole page without a point', () => {
    const { path, search } = split(answerSheetPath('audit', target, place({ region: null }), 'SURVEY'));
    expect(path).toMatch(/^\/sys_audit\/.*\/SURVEY\/0$/);
    expect(readDeepLink(search)).toEqual({ page: 2 });
  });

  it("compares with the opinion's sheet and page, as the viewer's compare link names them", () => {
    const original = place({ fileId: '00000000-0000-4000-8000-000000000009', page: 0 });
    const { search } = split(answerSheetPath('audit', target, place(), 'ENERGY', original));
    expect(search.get('compare')).toBe(original.fileId);
    expect(search.get('comparePage')).toBe('1');
  });

  it('gives the joint area, which has no viewer, no link', () => {
    expect(viewerArea('joint')).toBeNull();
    expect(viewerArea('supervise')).toBe('supervise');
  });
});
