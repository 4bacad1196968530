import { useCallback, useMemo, useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Markup,
  MarkupCalibration,
  MarkupInput,
  MarkupKind,
  MarkupLayer,
  MarkupList,
  MarkupStamp,
  SheetInfo,
} from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { createMarkup } from '../api/create-markup';
import { deleteMarkup } from '../api/delete-markup';
import { downloadBurned } from '../api/download-burned';
import { exportXfdf } from '../api/export-xfdf';
import { useMarkupList } from '../api/get-markups';
import { importXfdf } from '../api/import-xfdf';
import { markupsKey } from '../api/keys';
import { publishMarkup } from '../api/publish-markup';
import { replyToMarkup } from '../api/reply-markup';
import { updateMarkup } from '../api/update-markup';
import { useCalibration } from './use-calibration';
import '../markups-texts';

/** A kind to draw, or two points to calibrate the measures by. */
export type MarkupTool = MarkupKind | 'CALIBRATE';

export interface MarkupStyle {
  color: string;
  /** PDF points. */
  strokeWidth: number;
  stamp: MarkupStamp;
}

/** What a new markup needs besides the style the toolbar holds. */
export interface NewMarkup {
  page: number;
  kind: MarkupKind;
  points: [number, number][];
  text?: string;
}

/**
 * One viewer's markups of one file and what the user is doing with them: the toolbar, the overlay
 * and the list share it. The list itself is TanStack Query's (`markupsKey`), so the live channel's
 * invalidation and the optimistic changes here meet in one place.
 */
export interface MarkupSession {
  target: ProjectTarget;
  fileId: string;
  sheet: SheetInfo | undefined;
  /** Every markup the caller may see, as the server answered (with changes under way applied). */
  markups: Markup[];
  /** Those of the layers shown. */
  visible: Markup[];
  loading: boolean;
  /** Why the markups could not be read (the server's words), if they could not. */
  loadError: string | null;
  canDraw: boolean;
  tool: MarkupTool | null;
  setTool: (tool: MarkupTool | null) => void;
  /** A drawing tool is active: the canvas must not pan, the overlay takes the pointer. */
  drawing: boolean;
  selectedId: string | null;
  selected: Markup | undefined;
  select: (id: string | null) => void;
  style: MarkupStyle;
  /** Sets the style of what is drawn next, and of the selected markup when the caller may edit it. */
  setStyle: (patch: Partial<MarkupStyle>) => void;
  layers: Record<MarkupLayer, boolean>;
  setLayerShown: (layer: MarkupLayer, shown: boolean) => void;
  /** The page the overlay shows (0-based); the calibration is per page. */
  page: number;
  setPage: (page: number) => void;
  calibration: MarkupCalibration | null;
  setCalibration: (calibration: MarkupCalibration | null) => void;
  create: (markup: NewMarkup) => Promise<Markup | undefined>;
  /** Saves a change at once on screen; rolls back and says why when the server refuses. */
  update: (markup: Markup, patch: Partial<MarkupInput>) => Promise<boolean>;
  /** Asks, then deletes. */
  remove: (markup: Markup) => void;
  publish: (markup: Markup) => Promise<void>;
  reply: (markup: Markup, text: string) => Promise<boolean>;
  exportXfdf: () => Promise<void>;
  importXfdf: (file: Blob) => Promise<void>;
  downloadBurned: () => Promise<void>;
  /** A call of the toolbar (export, import, download) is under way. */
  busy: boolean;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const inputOf = (m: Markup): MarkupInput => ({
  page: m.page,
  kind: m.kind,
  points: m.points,
  text: m.text,
  stamp: m.stamp,
  color: m.color,
  strokeWidth: m.strokeWidth,
  calibration: m.calibration,
});

const baseName = (sheet: SheetInfo | undefined) => (sheet?.name ?? 'sheet').replace(/\.pdf$/i, '');

export function useMarkups(
  target: ProjectTarget,
  fileId: string,
  sheet: SheetInfo | undefined,
): MarkupSession {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useMarkupList(target, fileId);
  const key = markupsKey(target, fileId);
  const [tool, setToolState] = useState<MarkupTool | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [style, setStyleState] = useState<MarkupStyle>({
    color: '#e03131',
    strokeWidth: 1.5,
    stamp: 'REVISE',
  });
  const [layers, setLayers] = useState<Record<MarkupLayer, boolean>>({ OWN: true, PUBLISHED: true });
  const [page, setPage] = useState(0);
  const [calibration, setCalibration] = useCalibration(fileId, page);
  const [busy, setBusy] = useState(false);

  const canDraw = list.data?.canDraw ?? false;
  const markups = useMemo(() => list.data?.items ?? [], [list.data]);
  const visible = useMemo(() => markups.filter((m) => layers[m.layer]), [markups, layers]);
  const selected = selectedId ? visible.find((m) => m.id === selectedId) : undefined;

  const patchList = useCallback(
    (change: (items: Markup[]) => Markup[]) =>
      queryClient.setQueryData<MarkupList>(key, (old) => old && { ...old, items: change(old.items) }),
    // The key is a new array each render; what it names is target and file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, target.orgId, target.projectId, fileId],
  );
  const replaceOne = (answer: Markup) =>
    patchList((items) => items.map((m) => (m.id === answer.id ? answer : m)));

  const fail = (error: unknown) => {
    void message.error(messageOf(error));
  };

  const setTool = (next: MarkupTool | null) => {
    setToolState(next && canDraw ? next : null);
    if (next) setSelectedId(null);
  };

  const create = async (draft: NewMarkup) => {
    const measure = draft.kind === 'DISTANCE' || draft.kind === 'AREA';
    try {
      const answer = await createMarkup(target, fileId, {
        page: draft.page,
        kind: draft.kind,
        points: draft.points,
        text: draft.text ?? '',
        stamp: draft.kind === 'STAMP' ? style.stamp : null,
        color: style.color,
        strokeWidth: style.strokeWidth,
        calibration: measure ? calibration : null,
      });
      await queryClient.cancelQueries({ queryKey: key });
      patchList((items) => [...items.filter((m) => m.id !== answer.id), answer]);
      return answer;
    } catch (error) {
      fail(error);
      return undefined;
    }
  };

  const update = async (markup: Markup, patch: Partial<MarkupInput>) => {
    const before = markup;
    const input = { ...inputOf(markup), ...patch };
    await queryClient.cancelQueries({ queryKey: key });
    patchList((items) =>
      items.map((m) =>
        m.id === markup.id
          ? {
              ...m,
              ...input,
              text: input.text ?? m.text,
              stamp: input.stamp ?? m.stamp,
              color: input.color ?? m.color,
              strokeWidth: input.strokeWidth ?? m.strokeWidth,
              calibration: input.calibration ?? m.calibration,
            }
          : m,
      ),
    );
    try {
      replaceOne(await updateMarkup(target, markup.id, input));
      return true;
    } catch (error) {
      patchList((items) => items.map((m) => (m.id === before.id ? before : m)));
      fail(error);
      return false;
    }
  };

  const remove = (markup: Markup) => {
    modal.confirm({
      title: t('markups.deleteConfirm'),
      content: t('markups.deleteConfirmText'),
      okText: t('markups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('markups.cancel'),
      onOk: async () => {
        await queryClient.cancelQueries({ queryKey: key });
        const before = queryClient.getQueryData<MarkupList>(key);
        patchList((items) => items.filter((m) => m.id !== markup.id));
        setSelectedId((id) => (id === markup.id ? null : id));
        try {
          await deleteMarkup(target, markup.id);
          void message.success(t('markups.deleted'));
        } catch (error) {
          if (before) queryClient.setQueryData(key, before);
          fail(error);
        }
      },
    });
  };

  const publish = async (markup: Markup) => {
    try {
      replaceOne(await publishMarkup(target, markup.id));
      void message.success(t('markups.published'));
    } catch (error) {
      fail(error);
    }
  };

  const reply = async (markup: Markup, text: string) => {
    try {
      replaceOne(await replyToMarkup(target, markup.id, text));
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const running = async (call: () => Promise<void>) => {
    setBusy(true);
    try {
      await call();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const setStyle = (patch: Partial<MarkupStyle>) => {
    setStyleState((old) => ({ ...old, ...patch }));
    if (selected?.can.edit) {
      const change: Partial<MarkupInput> = {};
      if (patch.color) change.color = patch.color;
      if (patch.strokeWidth) change.strokeWidth = patch.strokeWidth;
      if (patch.stamp && selected.kind === 'STAMP') change.stamp = patch.stamp;
      if (Object.keys(change).length > 0) void update(selected, change);
    }
  };

  return {
    target,
    fileId,
    sheet,
    markups,
    visible,
    loading: list.isPending,
    loadError: list.error ? messageOf(list.error) : null,
    canDraw,
    tool: canDraw ? tool : null,
    setTool,
    drawing: canDraw && tool !== null,
    selectedId: selected ? selectedId : null,
    selected,
    select: (id) => {
      setSelectedId(id);
      if (id) setToolState(null);
    },
    style,
    setStyle,
    layers,
    setLayerShown: (layer, shown) => setLayers((old) => ({ ...old, [layer]: shown })),
    page,
    setPage,
    calibration,
    setCalibration,
    create,
    update,
    remove,
    publish,
    reply,
    exportXfdf: () => running(() => exportXfdf(target, fileId, `${baseName(sheet)}.xfdf`)),
    importXfdf: (file) =>
      running(async () => {
        const result = await importXfdf(target, fileId, file);
        await queryClient.invalidateQueries({ queryKey: key });
        const reasons = [...new Set(result.skipped.map((s) => s.reason))].join('；');
        if (result.skipped.length > 0)
          void message.warning(
            t('markups.importedSkipped', {
              imported: result.imported,
              skipped: result.skipped.length,
              reasons,
            }),
          );
        else void message.success(t('markups.imported', { imported: result.imported }));
      }),
    downloadBurned: () => running(() => downloadBurned(target, fileId, `${baseName(sheet)}-markups.pdf`)),
    busy,
  };
}
