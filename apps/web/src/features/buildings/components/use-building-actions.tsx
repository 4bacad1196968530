import { useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Building } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useCopyBuilding } from '../api/copy-building';
import { useConfirmBuilding } from '../api/confirm-building';
import { useRejectBuildings } from '../api/reject-buildings';
import { useRemoveBuildings } from '../api/remove-buildings';
import { useSubmitBuildings } from '../api/submit-buildings';
import { CopyBuildingModal, RejectBuildingModal } from './building-modals';

const names = (buildings: readonly Building[]) => buildings.map((b) => `「${b.name}」`).join('');

/**
 * The actions on whole buildings, shared by the list and the detail: each asks first, says the
 * outcome, and on a refusal says the server's words (the page then shows what is true now).
 */
export function useBuildingActions(target: ProjectTarget) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const copy = useCopyBuilding(target);
  const remove = useRemoveBuildings(target);
  const submit = useSubmitBuildings(target);
  const confirm = useConfirmBuilding(target);
  const reject = useRejectBuildings(target);
  const [copying, setCopying] = useState<Building | null>(null);
  const [rejecting, setRejecting] = useState<Building[] | null>(null);

  const fail = (error: unknown) =>
    void message.error(error instanceof ApiError ? error.message : String(error));

  const ask = (title: string, content: string, run: () => Promise<unknown>, done: string, danger = false) => {
    modal.confirm({
      title,
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
          void message.success(done);
        } catch (error) {
          fail(error);
        }
      },
    });
  };

  const busy =
    copy.isPending || remove.isPending || submit.isPending || confirm.isPending || reject.isPending;

  const modals: ReactNode = (
    <>
      <CopyBuildingModal
        building={copying}
        busy={copy.isPending}
        onClose={() => setCopying(null)}
        onCopy={async (name) => {
          try {
            const created = await copy.mutateAsync({ id: copying!.id, name });
            void message.success(t('buildings.copy.done', { name: created.name }));
            return true;
          } catch (error) {
            fail(error);
            return false;
          }
        }}
      />
      <RejectBuildingModal
        buildings={rejecting}
        busy={reject.isPending}
        onClose={() => setRejecting(null)}
        onReject={async (reason) => {
          try {
            await reject.mutateAsync({ ids: rejecting!.map((b) => b.id), reason });
            void message.success(t('buildings.reject.done', { names: names(rejecting!) }));
            return true;
          } catch (error) {
            fail(error);
            return false;
          }
        }}
      />
    </>
  );

  return {
    busy,
    modals,
    copy: (b: Building) => setCopying(b),
    reject: (buildings: Building[]) => setRejecting(buildings),
    remove: (b: Building, onDone?: () => void) =>
      ask(
        t('buildings.delete'),
        t('buildings.confirmDelete', { name: b.name }),
        async () => {
          await remove.mutateAsync([b.id]);
          onDone?.();
        },
        t('buildings.deleted', { name: b.name }),
        true,
      ),
    submit: (buildings: Building[], onDone?: () => void) =>
      ask(
        t('buildings.submit'),
        t('buildings.confirmSubmit', { names: names(buildings), count: buildings.length }),
        async () => {
          await submit.mutateAsync(buildings.map((b) => b.id));
          onDone?.();
        },
        t('buildings.submitted', { count: buildings.length }),
      ),
    confirm: (b: Building) =>
      ask(
        t('buildings.confirm'),
        t('buildings.confirmConfirm', { name: b.name }),
        () => confirm.mutateAsync(b.id),
        t('buildings.confirmed', { name: b.name }),
      ),
  };
}
