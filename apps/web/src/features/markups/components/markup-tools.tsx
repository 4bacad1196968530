import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Button, Checkbox, Divider, Select, Space, Tooltip, Typography } from 'antd';
import {
  CloudUploadOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExportOutlined,
  ImportOutlined,
  SelectOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MARKUP_KINDS,
  MARKUP_STAMPS,
  MARKUP_STAMP_KEYS,
  type MarkupKind,
  type MarkupStamp,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { MarkupSession, MarkupTool } from '../hooks/use-markups';
import { SHEET_SCALES, scaleCalibration } from './markup-geometry';
import { ToolIcon } from './markup-tool-icons';

/** The keys of the tools, as people remember them (R ectangle, E llipse, C loud …). */
export const TOOL_KEYS: Record<MarkupKind, string> = {
  RECT: 'R',
  ELLIPSE: 'E',
  CLOUD: 'C',
  ARROW: 'A',
  POLYLINE: 'L',
  TEXT: 'T',
  CALLOUT: 'O',
  STAMP: 'S',
  DISTANCE: 'D',
  AREA: 'M',
};
const KIND_OF_KEY = new Map(Object.entries(TOOL_KEYS).map(([kind, key]) => [key, kind as MarkupKind]));

const COLORS = [
  ['red', '#e03131'],
  ['blue', '#1971c2'],
  ['green', '#2f9e44'],
  ['magenta', '#c2255c'],
  ['orange', '#e8590c'],
  ['black', '#212529'],
] as const;

const WIDTHS = [0.5, 1, 1.5, 3, 6, 12];

/** Typing into a field, a list or a dialog is not a shortcut. */
function typing(event: KeyboardEvent) {
  const el = event.target as HTMLElement | null;
  if (!el) return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.closest('.ant-modal, .ant-select-dropdown, [role="dialog"]') !== null
  );
}

/**
 * The markup toolbar: one button per kind (with its key), the stamp, colour, width and scale of
 * what is drawn next, the layers shown, and what to do with the selected markup and the whole set.
 * A party that may not draw sees the layers, the XFDF export and the download only.
 */
export function MarkupTools({ session }: { session: MarkupSession }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const fileInput = useRef<HTMLInputElement>(null);
  const { canDraw, tool, selected } = session;

  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event)) return;
    const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
    if (key === 'Escape') {
      if (tool || selected) {
        session.setTool(null);
        session.select(null);
      }
      return;
    }
    if ((key === 'Delete' || key === 'Backspace') && selected?.can.edit) {
      event.preventDefault();
      session.remove(selected);
      return;
    }
    if (!canDraw) return;
    if (key === 'V') {
      event.preventDefault();
      session.setTool(null);
      return;
    }
    const kind = KIND_OF_KEY.get(key);
    if (kind) {
      event.preventDefault();
      session.setTool(kind);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const toolButton = (
    value: MarkupTool | null,
    label: string,
    shortcut: string | undefined,
    icon: ReactNode,
  ) => {
    const active = tool === value;
    const title = shortcut ? t('markups.toolShortcut', { name: label, key: shortcut }) : label;
    return (
      <Tooltip key={value ?? 'select'} title={title}>
        <Button
          aria-label={label}
          aria-pressed={active}
          aria-keyshortcuts={shortcut}
          type={active ? 'primary' : 'default'}
          icon={icon}
          onClick={() => session.setTool(value)}
        />
      </Tooltip>
    );
  };

  const calibrationValue = session.calibration
    ? session.calibration.source === '2 points'
      ? 'TWO_POINTS'
      : session.calibration.source
    : 'NONE';

  const layerToggles = (
    <Space size={4} wrap>
      <Checkbox
        checked={session.layers.PUBLISHED}
        onChange={(e) => session.setLayerShown('PUBLISHED', e.target.checked)}
      >
        {t('markups.showPublished')}
      </Checkbox>
      {canDraw && (
        <Checkbox
          checked={session.layers.OWN}
          onChange={(e) => session.setLayerShown('OWN', e.target.checked)}
        >
          {t('markups.showOwn')}
        </Checkbox>
      )}
    </Space>
  );

  const fileButtons = (
    <Space size={4} wrap>
      <Tooltip title={t('markups.exportXfdf')}>
        <Button
          aria-label={t('markups.exportXfdf')}
          icon={<ExportOutlined />}
          disabled={session.busy}
          onClick={() => void session.exportXfdf()}
        />
      </Tooltip>
      {canDraw && (
        <Tooltip title={t('markups.importXfdf')}>
          <Button
            aria-label={t('markups.importXfdf')}
            icon={<ImportOutlined />}
            disabled={session.busy}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
      )}
      <Tooltip title={t('markups.downloadBurned')}>
        <Button
          aria-label={t('markups.downloadBurned')}
          icon={<DownloadOutlined />}
          disabled={session.busy}
          onClick={() => void session.downloadBurned()}
        />
      </Tooltip>
      {canDraw && (
        <input
          ref={fileInput}
          type="file"
          accept=".xfdf,.xml,application/vnd.adobe.xfdf,text/xml,application/xml"
          aria-label={t('markups.importXfdf')}
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void session.importXfdf(file);
          }}
        />
      )}
    </Space>
  );

  if (!canDraw)
    return (
      <div className="markup-tools" role="toolbar" aria-label={t('markups.toolbar')}>
        <Space size={8} wrap>
          <Typography.Text type="secondary">{t('markups.readOnly')}</Typography.Text>
          {layerToggles}
          {fileButtons}
        </Space>
      </div>
    );

  return (
    <div className="markup-tools" role="toolbar" aria-label={t('markups.toolbar')}>
      <Space size={4} wrap>
        {toolButton(null, t('markups.select'), 'V', <SelectOutlined />)}
        {(Object.keys(MARKUP_KINDS) as MarkupKind[]).map((kind) =>
          toolButton(kind, MARKUP_KINDS[kind][locale], TOOL_KEYS[kind], <ToolIcon tool={kind} />),
        )}
        <Select<MarkupStamp>
          aria-label={t('markups.stamp')}
          title={t('markups.stamp')}
          value={session.style.stamp}
          style={{ width: 120 }}
          popupMatchSelectWidth={false}
          options={MARKUP_STAMP_KEYS.map((stamp) => ({ value: stamp, label: MARKUP_STAMPS[stamp][locale] }))}
          onChange={(stamp) => {
            session.setStyle({ stamp });
            if (tool !== 'STAMP' && !selected) session.setTool('STAMP');
          }}
        />
        <Divider orientation="vertical" />
        <Select<string>
          aria-label={t('markups.color')}
          value={session.style.color}
          style={{ width: 96 }}
          options={COLORS.map(([name, hex]) => ({
            value: hex,
            label: (
              <Space size={4}>
                <span
                  aria-hidden="true"
                  style={{ display: 'inline-block', width: 12, height: 12, background: hex, borderRadius: 2 }}
                />
                {t(`markups.colors.${name}`)}
              </Space>
            ),
          }))}
          onChange={(color) => session.setStyle({ color })}
        />
        <Select<number>
          aria-label={t('markups.strokeWidth')}
          value={session.style.strokeWidth}
          style={{ width: 88 }}
          options={WIDTHS.map((w) => ({ value: w, label: t('markups.strokeWidthValue', { value: w }) }))}
          onChange={(strokeWidth) => session.setStyle({ strokeWidth })}
        />
        <Select<string>
          aria-label={t('markups.calibration')}
          value={calibrationValue}
          style={{ width: 120 }}
          popupMatchSelectWidth={false}
          options={[
            { value: 'NONE', label: t('markups.uncalibrated') },
            ...SHEET_SCALES.map((n) => ({ value: `1:${n}`, label: `1:${n}` })),
            { value: 'TWO_POINTS', label: t('markups.calibrateTwoPoints') },
          ]}
          onChange={(value) => {
            if (value === 'NONE') session.setCalibration(null);
            else if (value === 'TWO_POINTS') session.setTool('CALIBRATE');
            else session.setCalibration(scaleCalibration(Number(value.slice(2))));
          }}
        />
        {toolButton('CALIBRATE', t('markups.calibrateTwoPoints'), undefined, <ToolIcon tool="CALIBRATE" />)}
        <Divider orientation="vertical" />
        {layerToggles}
        <Divider orientation="vertical" />
        <Tooltip title={t('markups.publishSelected')}>
          <Button
            aria-label={t('markups.publishSelected')}
            icon={<CloudUploadOutlined />}
            disabled={!selected?.can.publish}
            onClick={() => selected && void session.publish(selected)}
          />
        </Tooltip>
        <Tooltip title={t('markups.deleteSelected')}>
          <Button
            aria-label={t('markups.deleteSelected')}
            aria-keyshortcuts="Delete"
            danger
            icon={<DeleteOutlined />}
            disabled={!selected?.can.edit}
            onClick={() => selected && session.remove(selected)}
          />
        </Tooltip>
        <Divider orientation="vertical" />
        {fileButtons}
      </Space>
    </div>
  );
}
