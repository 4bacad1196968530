import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Segmented, Select, Spin, Tooltip, Typography } from 'antd';
import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DocFile, SheetInfo } from '@drp/domain';
import { folderPaths, sameSheetIn } from '../lib/sheet-match';
import type { ProjectTarget } from '../../../lib/project-target';
import { sheetQuery } from '../api/get-sheet';
import { useSheetTree } from '../api/get-sheet-tree';
import { useSheetVersions } from '../api/get-sheet-versions';
import { useSheetFiles } from '../hooks/use-sheet-files';
import type { ZoomRequest } from '../sheet-view';
import type { SheetViewerTarget } from '../sheet-viewer-path';
import { SheetCompare } from './sheet-compare';

/** What compare shows, kept in the address (`?compare=&comparePage=&mode=&swap=`). */
export interface CompareState {
  /** The other file; null until it is found or picked. */
  otherId: string | null;
  /** Page indexes (0-based) of the other file and of the current one. */
  otherPage: number;
  page: number;
  mode: 'side' | 'overlay';
  /** The current file on the left (old) side instead of the right (new). */
  swapped: boolean;
}

export function readCompareLink(search: URLSearchParams, page: number): CompareState | null {
  if (!search.has('compare')) return null;
  const index = (raw: string | null) => {
    const n = Number(raw);
    return raw !== null && Number.isInteger(n) && n >= 1 ? n - 1 : undefined;
  };
  return {
    otherId: search.get('compare') || null,
    otherPage: index(search.get('comparePage')) ?? page,
    page,
    mode: search.get('mode') === 'overlay' ? 'overlay' : 'side',
    swapped: search.get('swap') === '1',
  };
}

export function writeCompareLink(state: CompareState): string {
  const out = new URLSearchParams({ compare: state.otherId ?? '', comparePage: String(state.otherPage + 1) });
  out.set('mode', state.mode);
  if (state.swapped) out.set('swap', '1');
  return out.toString();
}

const pageOptions = (sheet: SheetInfo | undefined, label: (page: number) => string) =>
  (sheet?.pages ?? []).map((p) => ({ value: p.index, label: label(p.index + 1) }));

/**
 * Compare mode: the current sheet (new, right) against another (old, left): by default the same
 * folder path and name in the nearest earlier version, else one picked by hand from any version.
 */
export function SheetCompareView({
  target,
  at,
  sheet,
  state,
  onState,
  onExit,
  zoomRequest,
  onZoom,
}: {
  target: ProjectTarget;
  at: SheetViewerTarget;
  sheet: SheetInfo;
  state: CompareState;
  onState: (next: CompareState) => void;
  onExit: () => void;
  /** The toolbar's zoom buttons, for compare's own view. */
  zoomRequest?: ZoomRequest;
  onZoom?: (zoom: number) => void;
}): ReactNode {
  const { t } = useTranslation();
  const versions = useSheetVersions(
    target,
    at.area === 'audit' || at.area === 'supervise' ? 'REVIEW' : 'UPLOADING',
  );
  // Nothing to ask for until the other file is found or picked.
  const other = useQuery({ ...sheetQuery(target, state.otherId ?? ''), enabled: state.otherId !== null });
  const otherSheet = state.otherId ? other.data : undefined;
  const currentVersion = versions.data?.find((v) => v.id === at.versionId);
  // The nearest earlier version: the one the match is looked for in, and the picker's default.
  const earlier = useMemo(
    () =>
      (versions.data ?? [])
        .filter((v) => currentVersion && v.number < currentVersion.number)
        .sort((a, b) => b.number - a.number)[0],
    [versions.data, currentVersion],
  );
  const [versionId, setVersionId] = useState<string | undefined>(undefined);
  const [searched, setSearched] = useState(state.otherId !== null);
  const shownVersion = versionId ?? otherSheet?.versionId ?? earlier?.id ?? at.versionId;
  const files = useSheetFiles(target, shownVersion, at.category);
  const paths = useMemo(() => folderPaths(files.tree ?? []), [files.tree]);
  const currentTree = useSheetTree(target, at.versionId, at.category);
  const currentPath = currentTree.data ? folderPaths(currentTree.data).get(sheet.folderId) : undefined;

  // The default old side: the same folder path and name in the nearest earlier version.
  useEffect(() => {
    if (searched || !versions.data || currentPath === undefined) return;
    if (!earlier) {
      setSearched(true);
      return;
    }
    if (shownVersion !== earlier.id || files.loading) return;
    setSearched(true);
    const match = sameSheetIn(files.sheets, paths, { name: sheet.name, path: currentPath });
    if (match) onState({ ...state, otherId: match.id, otherPage: state.page });
  }, [searched, versions.data, currentPath, earlier, shownVersion, files, paths, sheet.name, state, onState]);

  const fileOptions = files.sheets
    .filter((f: DocFile) => f.id !== sheet.fileId)
    .map((f) => ({ value: f.id, label: `${(paths.get(f.folderId) ?? '').slice(1)}/${f.name}` }));
  if (otherSheet && !fileOptions.some((o) => o.value === otherSheet.fileId))
    fileOptions.unshift({ value: otherSheet.fileId, label: otherSheet.name });
  const versionOptions = (versions.data ?? []).map((v) => ({ value: v.id, label: v.name }));

  const pageLabel = (page: number) => t('sheets.pageLabel', { page });
  const current = { sheet, page: state.page };
  const picked = otherSheet && { sheet: otherSheet, page: state.otherPage };
  const [left, right] = state.swapped ? [current, picked] : [picked, current];
  const notReady = otherSheet && otherSheet.state !== 'READY' && otherSheet.pages.length === 0;

  const setPage = (side: 'left' | 'right', page: number) => {
    const mine = (side === 'right') !== state.swapped;
    onState(mine ? { ...state, page } : { ...state, otherPage: page });
  };
  const pagePicker = (side: 'left' | 'right', shown: { sheet: SheetInfo; page: number } | undefined) =>
    shown && shown.sheet.pages.length > 1 ? (
      <Select
        size="small"
        value={shown.page}
        options={pageOptions(shown.sheet, pageLabel)}
        onChange={(page: number) => setPage(side, page)}
        aria-label={t(side === 'left' ? 'sheets.compareOldPage' : 'sheets.compareNewPage')}
        data-testid={`sheet-compare-page-${side}`}
        style={{ width: 110 }}
      />
    ) : null;

  return (
    <div className="sheet-compare-view" data-testid="sheet-compare-view">
      <div className="sheet-compare-bar" role="group" aria-label={t('sheets.compare')}>
        <Select
          size="small"
          value={shownVersion}
          options={versionOptions}
          loading={versions.isPending}
          onChange={(id: string) => setVersionId(id)}
          aria-label={t('sheets.compareVersion')}
          data-testid="sheet-compare-version"
          style={{ width: 140 }}
        />
        <Select
          size="small"
          showSearch={{ optionFilterProp: 'label' }}
          value={state.otherId ?? undefined}
          options={fileOptions}
          loading={files.loading}
          placeholder={t('sheets.comparePick')}
          onChange={(id: string) => onState({ ...state, otherId: id, otherPage: 0 })}
          aria-label={t('sheets.compareFile')}
          data-testid="sheet-compare-file"
          style={{ width: 280 }}
          popupMatchSelectWidth={false}
        />
        {pagePicker('left', left)}
        {pagePicker('right', right)}
        <Segmented
          size="small"
          value={state.mode}
          onChange={(mode) => onState({ ...state, mode: mode as CompareState['mode'] })}
          options={[
            { value: 'side', label: t('sheets.compareSide') },
            { value: 'overlay', label: t('sheets.compareOverlay') },
          ]}
          aria-label={t('sheets.compareMode')}
          data-testid="sheet-compare-mode"
        />
        <Tooltip title={t('sheets.compareSwap')}>
          <Button
            size="small"
            icon={<SwapOutlined />}
            onClick={() => onState({ ...state, swapped: !state.swapped })}
            aria-label={t('sheets.compareSwap')}
            data-testid="sheet-compare-swap"
          />
        </Tooltip>
        <Typography.Text className="sheet-compare-legend" data-testid="sheet-compare-bar-legend">
          <span className="sheet-compare-swatch sheet-compare-removed" aria-hidden />
          {t('sheets.compareRemoved')}
          <span className="sheet-compare-swatch sheet-compare-added" aria-hidden />
          {t('sheets.compareAdded')}
        </Typography.Text>
        <Tooltip title={t('sheets.compareExitKey')}>
          <Button size="small" icon={<CloseOutlined />} onClick={onExit} data-testid="sheet-compare-exit">
            {t('sheets.compareExit')}
          </Button>
        </Tooltip>
      </div>
      <div className="sheet-compare-stage">
        {!state.otherId ? (
          searched ? (
            <Alert
              type="info"
              showIcon
              title={t(earlier ? 'sheets.compareNoMatch' : 'sheets.compareFirstVersion')}
              data-testid="sheet-compare-no-match"
            />
          ) : (
            <Spin aria-label={t('sheets.compare')} />
          )
        ) : other.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('sheets.loadFailed', { message: other.error.message })}
          />
        ) : !left || !right ? (
          <Spin aria-label={t('sheets.compare')} />
        ) : notReady ? (
          <Alert type="info" showIcon title={t('sheets.pending')} />
        ) : (
          <SheetCompare
            key={`${left.sheet.fileId}:${left.page}:${right.sheet.fileId}:${right.page}`}
            left={left.sheet}
            right={right.sheet}
            leftPage={left.page}
            rightPage={right.page}
            mode={state.mode}
            zoomRequest={zoomRequest}
            onZoom={onZoom}
            labels={{
              left: t('sheets.compareOld', { name: left.sheet.name, page: left.page + 1 }),
              right: t('sheets.compareNew', { name: right.sheet.name, page: right.page + 1 }),
            }}
          />
        )}
      </div>
    </div>
  );
}
