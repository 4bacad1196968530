import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Dictionary,
  MissionAssignRequest,
  MissionBoard,
  MissionDetail,
  MissionGrid,
  MissionProposal,
  MyMissions,
} from '@drp/domain';
import { request } from '../../../lib/http';
import { actingAs, projectKey, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';

/** Every cached answer about missions: a step on one changes the grid, the lists and the board. */
export const MISSIONS_KEY = ['missions'] as const;
const missionsKey = (target: ProjectTarget) => [...MISSIONS_KEY, ...projectKey(target)] as const;

/** `missions`: the round's grid. */
export const useMissionGrid = (target: ProjectTarget) =>
  useQuery(
    queryOptions({
      queryKey: [...missionsKey(target), 'grid'],
      queryFn: ({ signal }) =>
        request<MissionGrid>(projectUrl(target, 'missions'), { signal, headers: actingAs(target.orgId) }),
      retry: retryUnlessRefused,
    }),
  );

/** `missions/proposal`: asked when the director wants it, never cached (workloads move). */
export const fetchProposal = (target: ProjectTarget) =>
  request<MissionProposal>(projectUrl(target, 'missions/proposal'), { headers: actingAs(target.orgId) });

/** `PUT missions`: answers the new grid; a cell someone else saved since answers 409. */
export function useAssignMissions(target: ProjectTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MissionAssignRequest) =>
      request<MissionGrid>(projectUrl(target, 'missions'), {
        method: 'PUT',
        headers: actingAs(target.orgId),
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MISSIONS_KEY }),
  });
}

/** `missions/{id}`: one mission with its history. */
export const useMission = (target: ProjectTarget, id: string) =>
  useQuery(
    queryOptions({
      queryKey: [...missionsKey(target), 'detail', id],
      queryFn: ({ signal }) =>
        request<MissionDetail>(projectUrl(target, `missions/${encodeURIComponent(id)}`), {
          signal,
          headers: actingAs(target.orgId),
        }),
      retry: retryUnlessRefused,
    }),
  );

export type MissionStep = { step: 'submit' | 'accept' } | { step: 'return'; reason: string };

export function useStepMission(target: ProjectTarget, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MissionStep) =>
      request<MissionDetail>(projectUrl(target, `missions/${encodeURIComponent(id)}/${input.step}`), {
        method: 'POST',
        headers: actingAs(target.orgId),
        ...(input.step === 'return' ? { body: { reason: input.reason } } : {}),
      }),
    // A step changes what may be done with the mission's opinions (a submitted mission takes no
    // new one): the opinion answers (features/opinions, ['opinions']) are refreshed with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MISSIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: ['opinions'] }),
      ]),
  });
}

/** `missions/mine`: the signed-in person's missions in the acting agency. */
export const useMyMissions = (orgId: string | null) =>
  useQuery({
    queryKey: [...MISSIONS_KEY, 'mine', orgId],
    queryFn: ({ signal }) =>
      request<MyMissions>('/api/checkDrawings/missions/mine', { signal, headers: actingAs(orgId!) }),
    enabled: orgId !== null,
    retry: retryUnlessRefused,
  });

/** `missions/board`: the director's landing. */
export const useMissionBoard = (orgId: string | null) =>
  useQuery({
    queryKey: [...MISSIONS_KEY, 'board', orgId],
    queryFn: ({ signal }) =>
      request<MissionBoard>('/api/checkDrawings/missions/board', { signal, headers: actingAs(orgId!) }),
    enabled: orgId !== null,
    retry: retryUnlessRefused,
  });

/** Specialty names, from the same cached dictionary the other screens read. */
export function useSpecialtyNames() {
  const dictionary = useQuery({
    queryKey: ['dictionary', 'specialty'],
    queryFn: ({ signal }) => request<Dictionary>('/api/checkDrawings/cdDictionary/specialty', { signal }),
    staleTime: Infinity,
  });
  return (code: string, locale: string) => {
    const item = dictionary.data?.items.find((i) => i.code === code);
    if (!item) return code;
    return locale === 'en-US' ? item.nameEn : item.name;
  };
}
