import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { pendingHandoverCode, settleHandover } from '../../../lib/handover-code';
import { exchangeHandoverCode } from '../api/exchange-handover';
import { signOut } from '../api/sign-out';
import { useSession } from '../hooks/session-context';

/** Where the link pointed, minus the code; a link to the sign-in pages lands at `/` instead. */
function landingPath() {
  const { pathname, search, hash } = window.location;
  return pathname.startsWith('/sys_sso') ? '/' : `${pathname}${search}${hash}`;
}

/**
 * Signs the tab in with the hand-over code a `?token=` link carried (main.tsx took it out of the
 * address). Nothing is shown until that is settled, so no guard sends the tab to sign-in first.
 * A tab that is already signed in is asked before its session is replaced, since a crafted link
 * would otherwise put its user to work in someone else's account. A refused code (a bearer token,
 * a used or expired code) is said plainly and signs nobody in.
 */
export function HandoverGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const session = useSession();
  const [pending, setPending] = useState(() => pendingHandoverCode() !== null);
  const started = useRef(false);
  const landing = useRef(landingPath());

  useEffect(() => {
    const code = pendingHandoverCode();
    // Wait for the current session's account: whether the tab is signed in decides the question.
    if (code === null || started.current || session.loading) return;
    started.current = true;
    const finish = () => {
      settleHandover();
      setPending(false);
    };
    const exchange = async () => {
      try {
        const result = await exchangeHandoverCode(code);
        // The replaced session lives only in this tab: end it on the server rather than orphan it.
        if (session.token) await signOut().catch(() => undefined);
        session.clear();
        session.adoptToken(result.access_token);
        void navigate(landing.current, { replace: true });
      } catch (error) {
        modal.error({
          title: t('handover.failedTitle'),
          content: error instanceof ApiError ? error.message : String(error),
          okText: t('common.confirm'),
        });
      } finally {
        finish();
      }
    };
    if (!session.principal) {
      void exchange();
      return;
    }
    const username = session.account?.account.username;
    modal.confirm({
      title: t('handover.replaceTitle'),
      content: username ? t('handover.replaceContent', { username }) : t('handover.replaceContentUnknown'),
      okText: t('handover.replace'),
      cancelText: t('handover.keep'),
      onOk: exchange,
      onCancel: finish,
    });
  }, [modal, navigate, session, t]);

  if (pending)
    return (
      <div role="status" style={{ display: 'grid', placeItems: 'center', gap: 16, minHeight: '60vh' }}>
        <Spin size="large" />
        <p>{t('handover.opening')}</p>
      </div>
    );
  return children;
}
