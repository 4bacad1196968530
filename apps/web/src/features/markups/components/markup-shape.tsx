import { memo } from 'react';
import type { MarkupCalibration, MarkupKind } from '@drp/domain';
import type { Point } from '../overlay-view';
import { bounds, labelAnchor, markupPath, measureText, strokeOf, textBox, textSize } from './markup-geometry';

/** What a shape draws: a stored markup, or one being drawn or moved. */
export interface ShapeData {
  id: string;
  kind: MarkupKind;
  points: readonly Point[];
  text: string;
  color: string;
  strokeWidth: number;
  calibration: MarkupCalibration | null;
}

interface ShapeProps {
  shape: ShapeData;
  /** Screen pixels per point, in steps (zoomStep), for what should look the same on screen. */
  zoom: number;
  selected: boolean;
  /** The shape takes the pointer (to be selected and moved) when no drawing tool is active. */
  interactive: boolean;
  /** A stamp's words in the shown language. */
  stampLabel?: string;
  /** Said after an uncalibrated measure. */
  uncalibratedLabel: string;
}

/** Text reads upright: the page group's y axis points up, so a text group turns it back down. */
const upright = (x: number, y: number) => `translate(${x} ${y}) scale(1 -1)`;

/**
 * One markup in page space, drawn inside the overlay's page group. Memoised on its data and the
 * zoom step, so panning and drawing other shapes leave it alone.
 */
export const MarkupShape = memo(function MarkupShape({
  shape,
  zoom,
  selected,
  interactive,
  stampLabel,
  uncalibratedLabel,
}: ShapeProps) {
  const { kind, points, color } = shape;
  const unit = 1 / zoom;
  const d = markupPath(kind, points, unit);
  const stroke = strokeOf(shape.strokeWidth, zoom);
  const filledHit = kind === 'TEXT' || kind === 'STAMP' || kind === 'CALLOUT';
  const first = points[0] ?? [0, 0];
  return (
    <g
      data-markup-id={shape.id}
      data-kind={kind}
      data-page-x={first[0]}
      data-page-y={first[1]}
      data-points={JSON.stringify(points)}
      style={{ cursor: interactive ? 'pointer' : undefined }}
    >
      {selected && (
        <path
          d={d}
          fill="none"
          stroke="#1677ff"
          strokeOpacity={0.35}
          strokeWidth={stroke + 6 * unit}
          strokeLinejoin="round"
          pointerEvents="none"
        />
      )}
      <path
        d={d}
        fill={kind === 'AREA' ? color : 'none'}
        fillOpacity={kind === 'AREA' ? 0.12 : undefined}
        stroke={kind === 'TEXT' && !selected ? 'none' : color}
        strokeWidth={kind === 'STAMP' ? stroke * 2 : stroke}
        strokeLinejoin="round"
        strokeLinecap="round"
        pointerEvents="none"
      />
      {/* A wider invisible stroke (or the box of a text) to hit: a thin line is hard to click. */}
      <path
        className="markup-hit"
        d={d}
        fill={filledHit ? 'transparent' : 'none'}
        stroke="transparent"
        strokeWidth={Math.max(stroke, 10 * unit)}
        strokeLinejoin="round"
        pointerEvents={interactive ? (filledHit ? 'all' : 'stroke') : 'none'}
      />
      {(kind === 'TEXT' || kind === 'CALLOUT') && <BoxText shape={shape} />}
      {kind === 'STAMP' && stampLabel && <StampText shape={shape} label={stampLabel} />}
      {(kind === 'DISTANCE' || kind === 'AREA') && (
        <MeasureLabel shape={shape} zoom={zoom} uncalibratedLabel={uncalibratedLabel} />
      )}
    </g>
  );
});

function BoxText({ shape }: { shape: ShapeData }) {
  const box = textBox(shape.kind, shape.points);
  const width = Math.max(1, box.x1 - box.x0);
  const height = Math.max(1, box.y1 - box.y0);
  const size = textSize(shape.strokeWidth);
  return (
    <g transform={upright(box.x0, box.y1)} pointerEvents="none">
      <foreignObject x={0} y={0} width={width} height={height}>
        <div
          style={{
            color: shape.color,
            fontSize: size,
            lineHeight: 1.25,
            padding: size * 0.25,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            width: '100%',
            height: '100%',
            boxSizing: 'border-box',
            overflow: 'hidden',
          }}
        >
          {shape.text}
        </div>
      </foreignObject>
    </g>
  );
}

function StampText({ shape, label }: { shape: ShapeData; label: string }) {
  const { x0, y0, x1, y1 } = bounds(shape.points.slice(0, 2));
  const width = x1 - x0;
  const height = y1 - y0;
  const size = Math.max(1, Math.min(height * 0.6, (width * 0.85) / Math.max(1, [...label].length)));
  return (
    <g transform={upright((x0 + x1) / 2, (y0 + y1) / 2)} pointerEvents="none">
      <text
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={size}
        fontWeight={700}
        fill={shape.color}
        style={{ userSelect: 'none' }}
      >
        {label}
      </text>
    </g>
  );
}

function MeasureLabel({
  shape,
  zoom,
  uncalibratedLabel,
}: {
  shape: ShapeData;
  zoom: number;
  uncalibratedLabel: string;
}) {
  const kind = shape.kind as 'DISTANCE' | 'AREA';
  const { value, calibrated } = measureText(kind, shape.points, shape.calibration);
  const [x, y] = labelAnchor(kind, shape.points);
  const size = 13 / zoom;
  return (
    <g transform={upright(x, y)} pointerEvents="none">
      <text
        className="markup-measure"
        textAnchor="middle"
        dy={kind === 'DISTANCE' ? -size * 0.5 : 0}
        dominantBaseline={kind === 'DISTANCE' ? 'auto' : 'central'}
        fontSize={size}
        fill={shape.color}
        stroke="#fff"
        strokeWidth={size * 0.25}
        paintOrder="stroke"
        style={{ userSelect: 'none' }}
      >
        {calibrated ? value : `${value} ${uncalibratedLabel}`}
      </text>
    </g>
  );
}
