import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DocVersionState, ProjectStatus } from '@drp/domain';
import type { DocScreenMode } from './doc-repository-screen-props';

/**
 * Where the hand-over stands, said to the construction unit, the agency and the readers: what is
 * awaited and from whom, so nobody wonders why a button is missing.
 */
export function DocHandoverNotice({
  mode,
  state,
  applicationStatus,
}: {
  mode: DocScreenMode;
  state: DocVersionState;
  applicationStatus?: ProjectStatus;
}) {
  const over = applicationStatus === 'PASSED' || applicationStatus === 'FILED';
  const { t } = useTranslation();
  const pending = [...new Set(state.units.filter((u) => !u.committed).map((u) => u.orgName))];
  const at = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');
  let notice: { type: 'info' | 'success' | 'warning'; text: string } | null = null;
  if (state.businessStatus === 'REVIEW')
    notice = {
      type: 'success',
      text: t(over ? 'docReview.stateReviewed' : 'docReview.stateAccepted', { time: at(state.acceptedAt) }),
    };
  else if (state.businessStatus === 'SUBMITTED')
    notice = {
      type: mode === 'receive' && state.can.accept ? 'warning' : 'info',
      text: t(mode === 'receive' ? 'docReview.stateToReceive' : 'docReview.stateSent', {
        time: at(state.sentAt),
      }),
    };
  else if (!state.latest) notice = { type: 'info', text: t('docRepository.readOnlyOld') };
  else if (pending.length > 0)
    notice = { type: 'info', text: t('docReview.stateWaiting', { names: pending.join('、') }) };
  // What still blocks the send is listed beside this notice (handover-readiness): no "ready" here.
  else if (mode === 'send' && (state.readiness?.blockers.length ?? 0) > 0) notice = null;
  else if (mode === 'send') notice = { type: 'warning', text: t('docReview.stateReadyToSend') };
  else notice = { type: 'info', text: t('docReview.stateCommitted') };
  if (!notice) return null;
  return <Alert type={notice.type} showIcon title={notice.text} data-testid="doc-handover-state" />;
}
