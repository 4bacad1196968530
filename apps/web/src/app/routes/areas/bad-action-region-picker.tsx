import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Alert, Button, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DocFolderNode } from '@drp/domain';
import type { PickedRegion } from '../../../features/bad-actions/components/bad-action-form';
import { useDocVersions } from '../../../features/doc-repository/api/get-doc-versions';
import { useFolderFiles } from '../../../features/sheets/api/get-folder-files';
import { sheetQuery } from '../../../features/sheets/api/get-sheet';
import { sheetTreeQuery } from '../../../features/sheets/api/get-sheet-tree';
import { opensInViewer } from '../../../features/sheets/sheet-viewer-path';
import type { ProjectTarget } from '../../../lib/project-target';

type Rect = PickedRegion['rect'];

const folders = (nodes: DocFolderNode[] | undefined): DocFolderNode[] =>
  (nodes ?? []).flatMap((n) => [...(n.fileCount > 0 ? [n] : []), ...folders(n.children)]);

/** Points, rounded to a tenth: what the form shows and the server keeps. */
const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The page's preview with the rectangle on it. The preview is the unrotated page, so a fraction of
 * its width or height is the same fraction of the page box; page space counts y from the bottom.
 * Dragging draws the rectangle; the number fields beside it set it from the keyboard.
 */
function PagePreview({
  src,
  page,
  rect,
  onRect,
  alt,
}: {
  src: string;
  page: { width: number; height: number };
  rect: Rect | null;
  onRect: (rect: Rect) => void;
  alt: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState<[number, number] | null>(null);
  const at = (e: ReactPointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    const fx = Math.min(1, Math.max(0, (e.clientX - r.left) / r.width));
    const fy = Math.min(1, Math.max(0, (e.clientY - r.top) / r.height));
    return [fx * page.width, (1 - fy) * page.height] as [number, number];
  };
  const drag = (e: ReactPointerEvent, from: [number, number]) => {
    const [x, y] = at(e);
    const width = Math.abs(x - from[0]);
    const height = Math.abs(y - from[1]);
    if (width >= 1 && height >= 1)
      onRect({
        x: round(Math.min(x, from[0])),
        y: round(Math.min(y, from[1])),
        width: round(width),
        height: round(height),
      });
  };
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  return (
    <div
      ref={box}
      className="bad-action-region-preview"
      data-testid="region-preview"
      style={{ position: 'relative', cursor: 'crosshair', touchAction: 'none', userSelect: 'none' }}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        setStart(at(e));
      }}
      onPointerMove={(e) => start && drag(e, start)}
      onPointerUp={(e) => {
        if (start) drag(e, start);
        setStart(null);
      }}
    >
      <img src={src} alt={alt} draggable={false} style={{ display: 'block', width: '100%' }} />
      {rect && (
        <div
          data-testid="region-rect"
          style={{
            position: 'absolute',
            left: pct(rect.x, page.width),
            top: pct(page.height - rect.y - rect.height, page.height),
            width: pct(rect.width, page.width),
            height: pct(rect.height, page.height),
            border: '2px solid #cf1322',
            background: 'rgba(207, 19, 34, 0.12)',
            pointerEvents: 'none',
          }}
        />
      )}
    </div>
  );
}

/**
 * Evidence on the sheet for a bad action (issue 19): the reviewer picks a PDF of the accepted
 * round, a page, and drags a rectangle on its preview, without leaving the form. A dialog rather
 * than a trip to the viewer: the finding (a missing seal, an unlicensed title block) is one box on
 * one page, and the form keeps what was typed. Composed here because it joins the bad-action form
 * with the repository's files and the sheets' previews.
 */
export function BadActionRegionPicker({
  target,
  value,
  onChange,
}: {
  target: ProjectTarget;
  value: PickedRegion | null;
  onChange: (region: PickedRegion | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const versions = useDocVersions(target, 'REVIEW');
  const versionId = versions.data?.[0]?.id ?? '';
  // Asked once the dialog opens: the form alone needs none of it.
  const asked = open && versionId !== '';
  const design = useQuery({ ...sheetTreeQuery(target, versionId, 'DESIGN'), enabled: asked });
  const survey = useQuery({ ...sheetTreeQuery(target, versionId, 'SURVEY'), enabled: asked });
  const folderIds = [...folders(design.data), ...folders(survey.data)].map((f) => f.id);
  const files = useFolderFiles(target, versionId, asked ? folderIds : []);
  const pdfs = files.lists.flatMap((l) => l ?? []).filter(opensInViewer);
  const [fileId, setFileId] = useState<string | null>(value?.fileId ?? null);
  const [pageIndex, setPageIndex] = useState(value?.page ?? 0);
  const [rect, setRect] = useState<Rect | null>(value?.rect ?? null);
  const sheet = useQuery({ ...sheetQuery(target, fileId ?? ''), enabled: open && fileId !== null });
  const ready = fileId && sheet.data?.fileId === fileId && sheet.data.state === 'READY' ? sheet.data : null;
  const page = ready?.pages[pageIndex];
  const fileName = pdfs.find((f) => f.id === fileId)?.name ?? value?.fileName ?? '';

  const field = (key: keyof Rect, max: number) => (
    <InputNumber
      min={key === 'width' || key === 'height' ? 1 : 0}
      max={max}
      step={10}
      value={rect?.[key] ?? null}
      disabled={!page}
      aria-label={t(`badActions.rect.${key}`)}
      addonBefore={t(`badActions.rect.${key}`)}
      onChange={(v) =>
        setRect((r) => {
          const next = { ...(r ?? { x: 0, y: 0, width: 100, height: 100 }), [key]: v ?? 0 };
          return next;
        })
      }
      data-testid={`region-${key}`}
      style={{ width: 150 }}
    />
  );

  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        <Button
          icon={<AimOutlined />}
          onClick={() => setOpen(true)}
          disabled={!versions.isSuccess || !versionId}
          data-testid="bad-action-pick-region"
        >
          {value ? t('badActions.changeRegion') : t('badActions.pickRegion')}
        </Button>
        {value && (
          <>
            <span data-testid="bad-action-picked-region">
              {t('badActions.regionText', {
                file: value.fileName,
                page: value.page + 1,
                x: Math.round(value.rect.x),
                y: Math.round(value.rect.y),
                width: Math.round(value.rect.width),
                height: Math.round(value.rect.height),
              })}
            </span>
            <Button type="link" onClick={() => onChange(null)} data-testid="bad-action-clear-region">
              {t('badActions.clearRegion')}
            </Button>
          </>
        )}
      </Space>
      {versions.isSuccess && !versionId && (
        <Typography.Text type="secondary">{t('badActions.noAcceptedVersion')}</Typography.Text>
      )}
      <Modal
        open={open}
        title={t('badActions.pickRegionTitle')}
        width={860}
        onCancel={() => setOpen(false)}
        okText={t('badActions.useRegion')}
        okButtonProps={{ disabled: !fileId || !page || !rect, 'data-testid': 'region-ok' }}
        onOk={() => {
          if (!fileId || !rect) return;
          onChange({ fileId, fileName, page: pageIndex, rect });
          setOpen(false);
        }}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Select<string>
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 420 }}
              placeholder={t('badActions.regionFile')}
              aria-label={t('badActions.regionFile')}
              loading={files.pending}
              value={fileId ?? undefined}
              onChange={(id) => {
                setFileId(id);
                setPageIndex(0);
                setRect(null);
              }}
              options={pdfs.map((f) => ({ value: f.id, label: f.name }))}
              data-testid="region-file"
            />
            <Select<number>
              style={{ width: 140 }}
              aria-label={t('badActions.regionPage')}
              disabled={!ready}
              value={ready ? pageIndex : undefined}
              onChange={(p) => {
                setPageIndex(p);
                setRect(null);
              }}
              options={(ready?.pages ?? []).map((p) => ({
                value: p.index,
                label: t('badActions.pageN', { page: p.index + 1 }),
              }))}
              data-testid="region-page"
            />
          </Space>
          {fileId && sheet.data?.fileId === fileId && sheet.data.state !== 'READY' && (
            <Alert
              type={sheet.data.state === 'FAILED' ? 'error' : 'info'}
              showIcon
              title={t(sheet.data.state === 'FAILED' ? 'badActions.sheetFailed' : 'badActions.sheetPending')}
            />
          )}
          {ready && page && (
            <>
              <Typography.Text type="secondary">{t('badActions.dragHint')}</Typography.Text>
              <PagePreview
                src={`${ready.assetBase}/preview/${page.index}`}
                page={page}
                rect={rect}
                onRect={setRect}
                alt={t('badActions.pageOf', { file: fileName, page: page.index + 1 })}
              />
              <Space wrap>
                {field('x', page.width)}
                {field('y', page.height)}
                {field('width', page.width)}
                {field('height', page.height)}
              </Space>
            </>
          )}
        </Space>
      </Modal>
    </Space>
  );
}
