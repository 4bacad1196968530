import { useState } from 'react';
import { App, Button, Card, DatePicker, Input, Segmented, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FILING_FLAG_KEYS, type FilingFlag } from '@drp/domain';
import { downloadFilingExport, useAuthorityFilings } from '../api/filing-calls';
import { FilingTable } from './filing-table';
import '../filings-texts';

const PAGE_SIZE = 10;

/**
 * The supervising authority's filings (`approval/tbc`, `confirmed`, `rejected`: one screen, the
 * flag in the path): those of its region, searchable; the confirmed ones export as the national
 * reporting records of a period.
 */
export function FilingApprovalList({
  flag,
  detailPath,
}: {
  flag: FilingFlag;
  detailPath: (id: string) => string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs().startOf('month'), dayjs()]);
  const list = useAuthorityFilings({ flag, keyword, page, pageSize: PAGE_SIZE });
  const exportNow = () =>
    void downloadFilingExport(period[0].format('YYYY-MM-DD'), period[1].format('YYYY-MM-DD')).catch(
      (error: Error) => void message.error(t('filings.exportFailed', { message: error.message })),
    );
  return (
    <Card title={t('filings.approvalTitle')} data-testid="filing-approval">
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<FilingFlag>
          value={flag}
          options={FILING_FLAG_KEYS.map((value) => ({ value, label: t(`filings.tabs.${value}`) }))}
          onChange={(value) => void navigate(`/sys_supervise/approval/${value}`)}
          data-testid="filing-flags"
        />
        <Input.Search
          allowClear
          aria-label={t('filings.search')}
          placeholder={t('filings.search')}
          style={{ width: 300 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
        {flag === 'confirmed' && (
          <>
            <DatePicker.RangePicker
              aria-label={t('filings.exportPeriod')}
              value={period}
              allowClear={false}
              onChange={(value) => value?.[0] && value[1] && setPeriod([value[0], value[1]])}
            />
            <Button icon={<DownloadOutlined />} onClick={exportNow} data-testid="filing-export">
              {t('filings.export')}
            </Button>
          </>
        )}
      </Space>
      <FilingTable
        items={list.data?.items ?? []}
        loading={list.isPending}
        detailPath={detailPath}
        withProject
        testId="filing-approval-table"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage }}
      />
    </Card>
  );
}
