import { Button, Space, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SheetInfo } from '@drp/domain';

/**
 * The file's pages as the server's preview images, loaded as they scroll into sight, with the
 * page before and after. A sheet still being prepared has no previews yet: its pages are listed
 * by number.
 */
export function SheetThumbnails({
  sheet,
  page,
  onPage,
}: {
  sheet: SheetInfo;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const count = sheet.pages.length;
  const previews = sheet.state === 'READY';
  return (
    <div className="sheet-thumbnails">
      <Space size={4} className="sheet-thumbnails-head">
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={page <= 0}
          onClick={() => onPage(page - 1)}
          aria-label={t('sheets.prevPage')}
          title={t('sheets.prevPage')}
          data-testid="sheet-prev-page"
        />
        <Typography.Text data-testid="sheet-page-of">
          {t('sheets.pageOf', { page: page + 1, count })}
        </Typography.Text>
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={page >= count - 1}
          onClick={() => onPage(page + 1)}
          aria-label={t('sheets.nextPage')}
          title={t('sheets.nextPage')}
          data-testid="sheet-next-page"
        />
      </Space>
      <ol className="sheet-thumbnail-list">
        {sheet.pages.map((p) => {
          const label = t('sheets.pageLabel', { page: p.index + 1 });
          return (
            <li key={p.index}>
              <button
                type="button"
                className="sheet-thumbnail"
                aria-current={p.index === page ? 'page' : undefined}
                onClick={() => onPage(p.index)}
                data-testid="sheet-thumbnail"
              >
                {previews ? (
                  <img
                    src={`${sheet.assetBase}/preview/${p.index}`}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={160}
                    height={Math.round(
                      (160 * (p.rotation % 180 ? p.width : p.height)) /
                        (p.rotation % 180 ? p.height : p.width),
                    )}
                  />
                ) : (
                  <span className="sheet-thumbnail-blank" />
                )}
                <span className="sheet-thumbnail-label">{label}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
