import { useState } from 'react';
import { App, Button, Dropdown, Modal, Space } from 'antd';
import {
  BellOutlined,
  CheckOutlined,
  DownloadOutlined,
  RollbackOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DOC_CATEGORIES,
  type DocCategory,
  type DocVersion,
  type DocVersionState,
  type FeedbackItem,
  type HandoverReadiness,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAcceptDocs } from '../api/accept-docs';
import { useCommitDocs } from '../api/commit-docs';
import { useRemindDocs } from '../api/remind-docs';
import { useReturnDocs } from '../api/return-docs';
import { useSendDocsToReview } from '../api/send-docs-to-review';
import { zipDocVersion } from '../api/zip-doc-version';
import { messageOf, type DocScreenMode } from './doc-repository-screen-props';
import { DocSupplyModal, type SupplyMode } from './doc-supply-modal';
import { HandoverIssueList, type HandoverLinks } from './handover-issue-list';

/** A refused hand-over the screen explains: what blocks it, or the warnings to confirm. */
type Refusal =
  | { kind: 'send' | 'accept'; readiness: HandoverReadiness }
  | { kind: 'warnings'; readiness: HandoverReadiness };

const READINESS_CODES = new Set([
  'HANDOVER_SEND_NOT_READY',
  'HANDOVER_ACCEPT_NOT_READY',
  'HANDOVER_WARNINGS_UNCONFIRMED',
]);

/**
 * The version's hand-over buttons in the screen's head, by what the server says the viewer may do
 * (`state.can`): a unit commits its category, the construction unit sends, the agency accepts,
 * returns or reminds; everyone but the uploader downloads the version as a zip.
 */
export function DocHandoverBar({
  target,
  category,
  mode,
  version,
  state,
  projectName,
  links,
}: {
  target: ProjectTarget;
  category: DocCategory;
  mode: DocScreenMode;
  version: DocVersion;
  state: DocVersionState | undefined;
  projectName: string;
  links: HandoverLinks | undefined;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = currentLocale();
  const commit = useCommitDocs(target);
  const send = useSendDocsToReview(target);
  const accept = useAcceptDocs(target);
  const returnDocs = useReturnDocs(target);
  const remindDocs = useRemindDocs(target);
  const [supplyMode, setSupplyMode] = useState<SupplyMode | null>(null);
  const [zipping, setZipping] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  /** A refusal about the buildings opens the list; any other is a message. */
  const explain = (error: unknown, kind: 'send' | 'accept') => {
    if (error instanceof ApiError && READINESS_CODES.has(error.code) && error.detail) {
      const readiness = error.detail as HandoverReadiness;
      setRefusal({ kind: error.code === 'HANDOVER_WARNINGS_UNCONFIRMED' ? 'warnings' : kind, readiness });
    } else void message.error(messageOf(error));
  };

  const sendNow = (confirmWarnings: boolean) =>
    send
      .mutateAsync({ versionId: version.id, confirmWarnings })
      .then(() => {
        setRefusal(null);
        void message.success(t('docReview.sent'));
      })
      .catch((error: unknown) => explain(error, 'send'));
  const canCommit = state?.can.commit.includes(category) ?? false;

  const confirmCommit = () =>
    modal.confirm({
      title: t('docRepository.commitConfirmTitle', { category: DOC_CATEGORIES[category][locale] }),
      content: t('docRepository.commitConfirmText'),
      okText: t('docRepository.commit'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'commit-ok' },
      onOk: () =>
        commit
          .mutateAsync({ versionId: version.id, category })
          .then(() => message.success(t('docRepository.committed')))
          .catch((error: unknown) => {
            void message.error(messageOf(error));
          }),
    });

  // The warnings the sender would confirm are asked about in their own dialog, after this one.
  const confirmSend = () =>
    modal.confirm({
      title: t('docReview.sendConfirmTitle'),
      content: t('docReview.sendConfirmText'),
      okText: t('docReview.send'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'send-ok' },
      onOk: () => sendNow(false),
    });

  const confirmAccept = () =>
    modal.confirm({
      title: t('docReview.acceptConfirmTitle', { version: version.name }),
      content: t('docReview.acceptConfirmText'),
      okText: t('docReview.accept'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'accept-ok' },
      onOk: () =>
        accept
          .mutateAsync(version.id)
          .then(() => message.success(t('docReview.accepted')))
          .catch((error: unknown) => explain(error, 'accept')),
    });

  // A return and a reminder share one dialog: the reasons, about folders or whole categories.
  const supply = supplyMode === 'REMIND' ? remindDocs : returnDocs;
  const sendSupply = (items: FeedbackItem[]) => {
    if (!supplyMode) return;
    supply
      .mutateAsync({ versionId: version.id, items })
      .then(() => {
        setSupplyMode(null);
        void message.success(t(supplyMode === 'RETURN' ? 'docReview.returned' : 'docReview.reminded'));
      })
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      });
  };

  const downloadZip = (orgIds: string[]) => {
    setZipping(true);
    zipDocVersion(target, version.id, `${projectName}-${version.name}.zip`, orgIds)
      .catch((error: unknown) => {
        void message.error(messageOf(error));
      })
      .finally(() => setZipping(false));
  };

  const units = state?.units ?? [];
  const unitOrgs = [...new Map(units.map((u) => [u.orgId, u.orgName])).entries()];

  // The return and reminder dialog sits beside the bar, not in it: in the Space it would add a gap.
  return (
    <>
      <Space wrap>
        {mode === 'upload' && canCommit && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={commit.isPending}
            onClick={confirmCommit}
            data-testid="commit-doc"
          >
            {t('docRepository.commit')}
          </Button>
        )}
        {mode === 'send' && state?.can.send && (
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={send.isPending}
            onClick={confirmSend}
            data-testid="send-doc"
          >
            {t('docReview.send')}
          </Button>
        )}
        {mode === 'receive' && state?.can.accept && (
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={accept.isPending}
            onClick={confirmAccept}
            data-testid="accept-doc"
          >
            {t('docReview.accept')}
          </Button>
        )}
        {mode === 'receive' && state?.can.return && (
          <Button
            danger
            icon={<RollbackOutlined />}
            onClick={() => setSupplyMode('RETURN')}
            data-testid="return-doc"
          >
            {t('docReview.return')}
          </Button>
        )}
        {mode === 'receive' && state?.can.remind && (
          <Button icon={<BellOutlined />} onClick={() => setSupplyMode('REMIND')} data-testid="remind-doc">
            {t('docReview.remind')}
          </Button>
        )}
        {mode !== 'upload' && (
          <Dropdown.Button
            loading={zipping}
            icon={<DownloadOutlined />}
            onClick={() => downloadZip([])}
            menu={{
              items: unitOrgs.map(([orgId, orgName]) => ({
                key: orgId,
                label: t('docReview.zipOf', { name: orgName }),
              })),
              onClick: ({ key }) => downloadZip([key]),
            }}
            data-testid="doc-zip"
          >
            {t('docReview.zip')}
          </Dropdown.Button>
        )}
      </Space>
      {refusal && (
        <Modal
          open
          width={600}
          title={t(
            refusal.kind === 'warnings'
              ? 'docReview.warningsTitle'
              : refusal.kind === 'send'
                ? 'docReview.notReadyToSend'
                : 'docReview.notReadyToAccept',
          )}
          onCancel={() => setRefusal(null)}
          {...(refusal.kind === 'warnings'
            ? {
                okText: t('docReview.confirmWarnings'),
                cancelText: t('common.cancel'),
                confirmLoading: send.isPending,
                onOk: () => void sendNow(true),
                okButtonProps: { 'data-testid': 'warnings-ok' },
              }
            : {
                footer: (_: unknown, { OkBtn }: { OkBtn: React.FC }) => <OkBtn />,
                okText: t('docReview.understood'),
                onOk: () => setRefusal(null),
              })}
          data-testid="handover-refusal"
        >
          <p>
            {t(
              refusal.kind === 'warnings'
                ? 'docReview.warningsText'
                : refusal.kind === 'send'
                  ? 'docReview.notReadyToSendText'
                  : 'docReview.notReadyToAcceptText',
            )}
          </p>
          <HandoverIssueList
            issues={refusal.kind === 'warnings' ? refusal.readiness.warnings : refusal.readiness.blockers}
            links={links}
            onFollow={() => setRefusal(null)}
            testId="handover-refusal-items"
          />
        </Modal>
      )}
      {supplyMode && (
        <DocSupplyModal
          open
          mode={supplyMode}
          target={target}
          versionId={version.id}
          category={category}
          saving={supply.isPending}
          onOk={sendSupply}
          onCancel={() => setSupplyMode(null)}
        />
      )}
    </>
  );
}
