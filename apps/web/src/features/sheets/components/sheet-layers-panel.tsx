import { Checkbox } from 'antd';
import type { SheetLayer } from '@drp/domain';

/** The file's layers (optional content): a checkbox each, ticked while shown. */
export function SheetLayersPanel({
  layers,
  hidden,
  onHidden,
}: {
  layers: readonly SheetLayer[];
  hidden: readonly string[];
  onHidden: (ids: string[]) => void;
}) {
  return (
    <ul className="sheet-layers" data-testid="sheet-layers">
      {layers.map((layer) => (
        <li key={layer.id}>
          <Checkbox
            checked={!hidden.includes(layer.id)}
            onChange={(e) =>
              onHidden(e.target.checked ? hidden.filter((id) => id !== layer.id) : [...hidden, layer.id])
            }
            data-testid="sheet-layer"
          >
            {layer.name}
          </Checkbox>
        </li>
      ))}
    </ul>
  );
}
