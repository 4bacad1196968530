import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpinionReportSummary } from '@drp/domain';
import { downloadFile, request } from '../../../lib/http';
import { actingAs, PROJECTS_KEY, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { reportsKey } from './keys';

/** `opinionReport/compile` and `forward/{id}`: the agency's two steps on a round's report. */
export type ReportStep = { step: 'compile' } | { step: 'forward'; id: string };

export const runReportStep = (target: ProjectTarget, input: ReportStep) =>
  request<OpinionReportSummary>(
    projectUrl(
      target,
      input.step === 'compile'
        ? 'opinionReport/compile'
        : `opinionReport/forward/${encodeURIComponent(input.id)}`,
    ),
    { method: 'POST', headers: actingAs(target.orgId) },
  );

export function useReportStep(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportStep) => runReportStep(target, input),
    onSettled: async () => {
      // Forwarding moves the application on: its status in every list changes too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportsKey(target) }),
        queryClient.invalidateQueries({ queryKey: PROJECTS_KEY }),
      ]);
    },
  });
}

/** `getReport/{id}?download=1`: the PDF saved under the report's name. */
export const downloadReport = (target: ProjectTarget, id: string, reportNo: string) =>
  downloadFile(
    `${projectUrl(target, `opinionReport/getReport/${encodeURIComponent(id)}`)}?download=1`,
    `审查意见告知书 ${reportNo}.pdf`,
    { headers: actingAs(target.orgId) },
  );
