import type { SheetOverlayProps } from '../sheet-view';
import type { SheetSearchHit } from '../hooks/use-sheet-search';

/** The search hits of the page on screen, boxed in screen pixels from their page-space boxes. */
export function SheetSearchHighlights({
  overlay,
  hits,
  active,
}: {
  overlay: SheetOverlayProps;
  hits: readonly SheetSearchHit[];
  active: SheetSearchHit | undefined;
}) {
  const { page, transform } = overlay;
  return (
    <div className="sheet-search-highlights" aria-hidden="true">
      {hits
        .filter((hit) => hit.page === page.index)
        .map((hit, i) => {
          const [l, b, r, top] = hit.box;
          const [x1, y1] = transform.toScreen([l, b]);
          const [x2, y2] = transform.toScreen([r, top]);
          return (
            <div
              key={i}
              className={hit === active ? 'sheet-search-box sheet-search-box-active' : 'sheet-search-box'}
              data-testid={hit === active ? 'sheet-search-box-active' : 'sheet-search-box'}
              style={{
                left: Math.min(x1, x2) - 2,
                top: Math.min(y1, y2) - 2,
                width: Math.abs(x2 - x1) + 4,
                height: Math.abs(y2 - y1) + 4,
              }}
            />
          );
        })}
    </div>
  );
}
