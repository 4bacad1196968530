import { useSearchParams } from 'react-router';
import { ReportCheck } from '../../../features/reports/components/report-check';

/** `/common/verify?no=…&c=…`: where an opinion report's QR code leads (issue 20). */
export function ReportVerifyPage() {
  const [params] = useSearchParams();
  return <ReportCheck initial={{ no: params.get('no') ?? '', c: params.get('c') ?? '' }} />;
}
