import { Table, Typography, type TablePaginationConfig } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Opinion } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useSpecialtyName } from '../api/opinions-api';
import { ClauseLabel, MandatoryTag, OpinionStatusTag, useTypeName } from './opinion-parts';
import './opinions.css';

export interface OpinionLinks {
  detailPath: (id: string) => string;
  /** The viewer at the opinion's sheet and region; the app composes it (sheets is another feature). */
  sheetPath: (o: Opinion) => string | null;
}

/** The table every opinion list shares: 强条 marked and barred, each sheet a link into the viewer. */
export function OpinionTable({
  items,
  loading,
  links,
  pagination,
  showBuilding = true,
}: {
  items: Opinion[];
  loading: boolean;
  links: OpinionLinks;
  pagination: TablePaginationConfig | false;
  showBuilding?: boolean;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const specialtyName = useSpecialtyName();
  const typeName = useTypeName();
  return (
    <Table<Opinion>
      rowKey="id"
      loading={loading}
      dataSource={items}
      pagination={pagination}
      rowClassName={(o) => (o.mandatory ? 'opinion-row-mandatory' : '')}
      // antd greys the empty row below AA contrast: the words carry the text colour.
      locale={{ emptyText: <Typography.Text>{t('opinions.empty')}</Typography.Text> }}
      data-testid="opinion-table"
      onRow={(o) => ({ 'data-testid': `opinion-row-${o.number}`, 'data-mandatory': o.mandatory }) as object}
      columns={[
        {
          title: t('opinions.number'),
          key: 'number',
          className: 'opinion-nowrap',
          width: 90,
          render: (_, o) => (
            <Link to={links.detailPath(o.id)} data-testid="opinion-view">
              #{o.number}
            </Link>
          ),
        },
        ...(showBuilding
          ? [
              {
                title: t('opinions.building'),
                key: 'building',
                render: (_: unknown, o: Opinion) => o.buildingName,
              },
            ]
          : []),
        {
          title: t('opinions.specialty'),
          key: 'specialty',
          className: 'opinion-nowrap',
          render: (_, o) => specialtyName(o.specialty, locale),
        },
        { title: t('opinions.type'), key: 'type', render: (_, o) => typeName(o) },
        {
          title: t('opinions.clause'),
          key: 'clause',
          render: (_, o) =>
            o.clause ? (
              <ClauseLabel clause={o.clause} />
            ) : o.mandatory ? (
              <MandatoryTag />
            ) : (
              t('opinions.noClause')
            ),
        },
        {
          title: t('opinions.text'),
          key: 'text',
          width: 320,
          render: (_, o) => (
            <Typography.Paragraph
              className="opinion-text-cell"
              ellipsis={{ rows: 3, tooltip: o.text }}
              style={{ margin: 0 }}
            >
              {o.text}
            </Typography.Paragraph>
          ),
        },
        {
          title: t('opinions.sheet'),
          key: 'sheet',
          render: (_, o) => {
            const path = links.sheetPath(o);
            if (!o.sheet || !path) return t('opinions.noSheet');
            const label = `${t('opinions.sheetAt', { name: o.sheet.fileName, page: o.sheet.page + 1 })}${o.sheet.markupId ? t('opinions.region') : ''}`;
            return (
              <Link to={path} data-testid="opinion-sheet-link">
                {label}
              </Link>
            );
          },
        },
        {
          title: t('opinions.status'),
          key: 'status',
          className: 'opinion-nowrap',
          render: (_, o) => <OpinionStatusTag status={o.status} />,
        },
        {
          title: t('opinions.reviewer'),
          key: 'reviewer',
          className: 'opinion-nowrap',
          render: (_, o) => o.reviewer.name,
        },
      ]}
    />
  );
}
