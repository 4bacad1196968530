import type { ReactNode } from 'react';
import { Alert, Space, Table, type TableProps } from 'antd';

/** One page of a server-paged list, as every list call answers it. */
export interface Page<T> {
  total: number;
  items: T[];
}

/**
 * A table over a server-paged list: the filters above it, the load error in place of silence,
 * and paging that counts from 0 the way the API does (antd counts from 1).
 */
export function PagedTable<T extends object>({
  filters,
  data,
  error,
  loading,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  totalText,
  ...table
}: {
  /** The filter controls shown above the table. */
  filters?: ReactNode;
  data: Page<T> | undefined;
  error?: Error | null;
  loading?: boolean;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Offer these page sizes; without them the size is fixed. */
  pageSizes?: number[];
  onPageChange: (page: number, pageSize: number) => void;
  totalText?: (total: number) => ReactNode;
} & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading'>) {
  return (
    <>
      {filters && (
        <Space wrap className="paged-table-filters">
          {filters}
        </Space>
      )}
      {error && <Alert type="error" showIcon title={error.message} className="paged-table-error" />}
      <Table<T>
        {...table}
        loading={loading}
        dataSource={data?.items ?? []}
        pagination={{
          current: page + 1,
          pageSize,
          total: data?.total ?? 0,
          showSizeChanger: Boolean(pageSizes),
          // A province's list runs to thousands of pages: past ten, offer 跳至 … 页.
          showQuickJumper: (data?.total ?? 0) > pageSize * 10,
          pageSizeOptions: pageSizes,
          showTotal: totalText,
          onChange: (p, size) => onPageChange(size === pageSize ? p - 1 : 0, size),
        }}
      />
    </>
  );
}
