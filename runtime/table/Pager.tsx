import { Pagination } from 'antd';
import type { ReactNode } from 'react';

/** The page of a paged list: where it is, and the sizes the user may choose. */
export interface TablePaging {
  current: number;
  size: number;
  total: number;
  sizes: number[];
  /** The total as the page writes it ("24 in all"). */
  showTotal?(total: number): ReactNode;
  onChange(current: number, size: number): void;
}

/** The pager under a table or a list of cards: the total, the pages, and a new size starting from the first page. */
export function Pager({ paging }: { paging: TablePaging }) {
  return (
    <Pagination
      align="end"
      style={{ marginTop: 16 }}
      current={paging.current}
      pageSize={paging.size}
      total={paging.total}
      showSizeChanger
      pageSizeOptions={paging.sizes.map(String)}
      showTotal={paging.showTotal}
      onChange={(current, size) => paging.onChange(size === paging.size ? current : 1, size)}
    />
  );
}
