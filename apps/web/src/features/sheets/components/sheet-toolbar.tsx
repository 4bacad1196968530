import type { ReactNode } from 'react';
import { Button, Divider, Tooltip, Typography } from 'antd';
import {
  CompressOutlined,
  DiffOutlined,
  DownloadOutlined,
  ExpandOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  HighlightOutlined,
  LinkOutlined,
  PrinterOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  StepBackwardOutlined,
  StepForwardOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACTUAL_SIZE_ZOOM } from '../sheet-view';

/** One tool: an icon button named for screen readers and, on hover or focus, by its tooltip. */
function Tool({
  label,
  icon,
  onClick,
  disabled,
  testId,
  href,
  pressed,
}: {
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  disabled?: boolean;
  testId: string;
  href?: string;
  pressed?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={icon}
        onClick={onClick}
        disabled={disabled}
        href={href}
        aria-label={label}
        aria-pressed={pressed}
        data-testid={testId}
      />
    </Tooltip>
  );
}

export interface SheetToolbarActions {
  prevSheet: () => void;
  nextSheet: () => void;
  zoomIn: () => void;
  zoomOut: () => void;
  fitWidth: () => void;
  fitPage: () => void;
  actualSize: () => void;
  rotate: (by: 90 | -90) => void;
  fullScreen: () => void;
  print: () => void;
  copyLink: () => void;
  toggleMarkups?: () => void;
  compare: () => void;
}

/** The viewer's tools over the sheet; they act on the view the canvas paints. */
export function SheetToolbar({
  actions,
  zoom,
  hasPrev,
  hasNext,
  viewing,
  zooming = viewing,
  fullScreen,
  downloadUrl,
  markupsShown,
  comparing,
  canCompare,
}: {
  actions: SheetToolbarActions;
  zoom: number | undefined;
  hasPrev: boolean;
  hasNext: boolean;
  /** A sheet is painted: the tools that act on the view are usable. */
  viewing: boolean;
  /** The zoom buttons are usable (also in compare, which keeps a view of its own). */
  zooming?: boolean;
  fullScreen: boolean;
  downloadUrl: string | undefined;
  markupsShown: boolean;
  comparing: boolean;
  canCompare: boolean;
}) {
  const { t } = useTranslation();
  const percent = zoom === undefined ? '–' : `${Math.round((zoom / ACTUAL_SIZE_ZOOM) * 100)}%`;
  return (
    <div
      className="sheet-toolbar"
      role="toolbar"
      aria-label={t('sheets.toolbar')}
      data-testid="sheet-toolbar"
    >
      <Tool
        label={t('sheets.prevSheet')}
        icon={<StepBackwardOutlined />}
        onClick={actions.prevSheet}
        disabled={!hasPrev}
        testId="sheet-prev"
      />
      <Tool
        label={t('sheets.nextSheet')}
        icon={<StepForwardOutlined />}
        onClick={actions.nextSheet}
        disabled={!hasNext}
        testId="sheet-next"
      />
      <Typography.Text type="secondary" className="sheet-key-hint" data-testid="sheet-key-hint">
        {t('sheets.sheetKeys')}
      </Typography.Text>
      <Divider orientation="vertical" />
      <Tool
        label={t('sheets.zoomOut')}
        icon={<ZoomOutOutlined />}
        onClick={actions.zoomOut}
        disabled={!zooming}
        testId="sheet-zoom-out"
      />
      <output
        className="sheet-zoom"
        aria-label={t('sheets.zoomLevel')}
        aria-live="polite"
        data-testid="sheet-zoom"
      >
        {percent}
      </output>
      <Tool
        label={t('sheets.zoomIn')}
        icon={<ZoomInOutlined />}
        onClick={actions.zoomIn}
        disabled={!zooming}
        testId="sheet-zoom-in"
      />
      <Tool
        label={t('sheets.fitWidth')}
        icon={<ExpandOutlined />}
        onClick={actions.fitWidth}
        disabled={!zooming}
        testId="sheet-fit-width"
      />
      <Tool
        label={t('sheets.fitPage')}
        icon={<CompressOutlined />}
        onClick={actions.fitPage}
        disabled={!zooming}
        testId="sheet-fit-page"
      />
      <Tooltip title={t('sheets.actualSize')}>
        <Button
          type="text"
          onClick={actions.actualSize}
          disabled={!zooming}
          aria-label={t('sheets.actualSize')}
          data-testid="sheet-actual-size"
        >
          1:1
        </Button>
      </Tooltip>
      <Divider orientation="vertical" />
      <Tool
        label={t('sheets.rotateLeft')}
        icon={<RotateLeftOutlined />}
        onClick={() => actions.rotate(-90)}
        disabled={!viewing}
        testId="sheet-rotate-left"
      />
      <Tool
        label={t('sheets.rotateRight')}
        icon={<RotateRightOutlined />}
        onClick={() => actions.rotate(90)}
        disabled={!viewing}
        testId="sheet-rotate-right"
      />
      <Divider orientation="vertical" />
      <Tool
        label={t(fullScreen ? 'sheets.exitFullScreen' : 'sheets.fullScreen')}
        icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={actions.fullScreen}
        testId="sheet-full-screen"
      />
      <Tool
        label={t('sheets.download')}
        icon={<DownloadOutlined />}
        href={downloadUrl}
        disabled={!downloadUrl}
        testId="sheet-download"
      />
      <Tool
        label={t('sheets.print')}
        icon={<PrinterOutlined />}
        onClick={actions.print}
        disabled={!viewing}
        testId="sheet-print"
      />
      <Tool
        label={t('sheets.copyLink')}
        icon={<LinkOutlined />}
        onClick={actions.copyLink}
        disabled={!viewing}
        testId="sheet-copy-link"
      />
      <Tool
        label={t('sheets.compareKey')}
        icon={<DiffOutlined />}
        onClick={actions.compare}
        disabled={!canCompare}
        pressed={comparing}
        testId="sheet-compare"
      />
      {actions.toggleMarkups && (
        <Tool
          label={t('sheets.markupToggle')}
          icon={<HighlightOutlined />}
          onClick={actions.toggleMarkups}
          pressed={markupsShown}
          testId="sheet-markup-toggle"
        />
      )}
    </div>
  );
}
