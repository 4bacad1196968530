import type { ReactNode } from 'react';
import type { MarkupTool } from '../hooks/use-markups';

/** Small line icons of the tools, drawn like the markups themselves (antd has no ellipse or cloud). */
const paths: Record<MarkupTool, ReactNode> = {
  RECT: <rect x="2.5" y="3.5" width="11" height="9" />,
  ELLIPSE: <ellipse cx="8" cy="8" rx="6" ry="4.5" />,
  CLOUD: (
    <path d="M3 5 a1.5 1.5 0 0 1 3 0 a1.5 1.5 0 0 1 3 0 a1.5 1.5 0 0 1 3 0 a1.5 1.5 0 0 1 0 3 a1.5 1.5 0 0 1 0 3 a1.5 1.5 0 0 1 -3 0 a1.5 1.5 0 0 1 -3 0 a1.5 1.5 0 0 1 -3 0 a1.5 1.5 0 0 1 0 -3 a1.5 1.5 0 0 1 0 -3 Z" />
  ),
  ARROW: <path d="M2.5 13.5 L13 3 M7.5 3 H13 V8.5" />,
  POLYLINE: <path d="M2 13 L6 5 L10 10 L14 3" />,
  TEXT: <path d="M3 3.5 H13 M8 3.5 V13" />,
  CALLOUT: <path d="M7 2.5 H14 V8 H7 Z M7 8 L2.5 13.5" />,
  STAMP: <path d="M2.5 5 H13.5 V11 H2.5 Z M5 8 H11" />,
  DISTANCE: <path d="M2 8 H14 M2 5.5 V10.5 M14 5.5 V10.5" />,
  AREA: <path d="M2.5 12.5 L5 3.5 L13.5 5 L11.5 12.5 Z" />,
  CALIBRATE: <path d="M2 11 H14 M2 9 V13 M14 9 V13 M5 3 L8 6 L11 3" />,
};

export function ToolIcon({ tool }: { tool: MarkupTool }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinejoin="round"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[tool]}
    </svg>
  );
}
