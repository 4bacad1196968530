import { useSearchParams } from 'react-router';
import { CertificateCheck } from '../../../features/certificates/components/certificate-check';

/** `/common/verify/certificate?no=…&c=…`: where a certificate's QR code leads (issue 21). */
export function CertificateVerifyPage() {
  const [params] = useSearchParams();
  return <CertificateCheck initial={{ no: params.get('no') ?? '', c: params.get('c') ?? '' }} />;
}
