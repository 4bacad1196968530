import { useState } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { messageScreen, needsSubmittedProject, type Message, type OrgType } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import { MESSAGES_KEY } from '../api/get-messages';
import { isProjectSubmitted } from '../api/is-project-submitted';
import { markMessageRead } from '../api/mark-message-read';

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : '');

export interface OpenMessageOptions {
  /** The signed-in person's organisations. */
  members: readonly { orgId: string; orgType: OrgType }[];
  currentOrgId: string | null;
  setCurrentOrgId: (orgId: string) => void;
  /** Whether a screen exists; a message whose screen does not is only marked read. */
  isRouted: (path: string) => boolean;
  /** Called just before leaving for the message's screen (the popover closes). */
  onLeave?: () => void;
}

/**
 * Opening a message, wherever it is listed: it is marked read, a hand-over about an application
 * no longer submitted says it is out of date (spec §5), and otherwise the receiving organisation
 * becomes the current one and its screen opens: the screen where the to-do's work is done.
 */
export function useOpenMessage({
  members,
  currentOrgId,
  setCurrentOrgId,
  isRouted,
  onLeave,
}: OpenMessageOptions) {
  const { t } = useTranslation();
  const { message: toast } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);

  const failed = (error: unknown) => {
    const reason = reasonOf(error);
    void toast.error(reason ? t('messages.readFailedWithReason', { reason }) : t('messages.readFailed'));
  };

  const screenOf = (m: Message) => {
    const orgType = members.find((member) => member.orgId === m.orgId)?.orgType;
    const screen = orgType ? messageScreen(m, orgType) : null;
    return screen && isRouted(screen) ? screen : null;
  };

  const open = async (m: Message) => {
    setBusyId(m.id);
    try {
      if (!m.beRead) {
        try {
          await markMessageRead(m.id);
        } catch (error) {
          failed(error);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
      }
      if (needsSubmittedProject(m.type) && m.projectId) {
        let submitted = false;
        try {
          submitted = await isProjectSubmitted(m.projectId, m.orgId);
        } catch (error) {
          // A project that is gone (or no longer ours) makes the message as stale as a recalled one.
          if (!(error instanceof ApiError && error.status === 404)) {
            failed(error);
            return;
          }
        }
        if (!submitted) {
          void toast.warning(t('messages.invalid'));
          return;
        }
      }
      const screen = screenOf(m);
      if (!screen) return;
      if (m.orgId !== currentOrgId) setCurrentOrgId(m.orgId);
      onLeave?.();
      await navigate(screen);
    } finally {
      setBusyId(null);
    }
  };

  return { open, busyId, screenOf };
}
