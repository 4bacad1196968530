import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { DocCategory, DocFile, DocFolderNode } from '@drp/domain';
import { request, toQueryString } from '../../../lib/http';
import { actingAs, projectUrl, type ProjectTarget } from '../../../lib/project-target';
import { retryUnlessRefused } from '../../../lib/retry-unless-refused';
import { answersKey } from './keys';

/** A sheet a unit may name as revised: one of its own PDFs in the round's version. */
export interface RoundSheet {
  file: DocFile;
  /** The folders above it, root first: "1#楼 / 建筑 / 设计院". */
  path: string;
}

/** Folders depth first, each with the names of the folders above it. */
function walk(nodes: readonly DocFolderNode[], above: string[] = [], into: [DocFolderNode, string][] = []) {
  for (const n of nodes) {
    const path = [...above, n.name];
    into.push([n, path.join(' / ')]);
    walk(n.children, path, into);
  }
  return into;
}

/**
 * The caller's unit's PDFs in the version the answers go with, via the document tree the upload
 * screens use (`docRepository/listTree` and `queryFile`). The server checks the same (a PDF of that
 * version filed by the unit); listing only those keeps the unit from picking what it would refuse.
 */
export function useRoundSheets(
  target: ProjectTarget,
  versionId: string | undefined,
  category: DocCategory,
  enabled: boolean,
) {
  const tree = useQuery({
    queryKey: [...answersKey(target), 'tree', versionId, category],
    queryFn: ({ signal }) =>
      request<DocFolderNode[]>(
        projectUrl(target, `docRepository/listTree?${toQueryString({ versionId, category })}`),
        { signal, headers: actingAs(target.orgId) },
      ),
    enabled: enabled && !!versionId,
    retry: retryUnlessRefused,
  });
  const folders = useMemo(() => walk(tree.data ?? []).filter(([f]) => f.fileCount > 0), [tree.data]);
  const files = useQueries({
    queries: folders.map(([f]) => ({
      queryKey: [...answersKey(target), 'files', versionId, f.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request<DocFile[]>(
          projectUrl(target, `docRepository/queryFile?${toQueryString({ versionId, folderId: f.id })}`),
          { signal, headers: actingAs(target.orgId) },
        ),
      enabled,
      retry: retryUnlessRefused,
    })),
  });
  // A few folders with a few files each: filtering on every render costs less than memoising it.
  const sheets = folders.flatMap(([, path], i) =>
    (files[i]?.data ?? [])
      .filter((f) => f.contentType === 'application/pdf' && f.orgId === target.orgId)
      .map((file): RoundSheet => ({ file, path })),
  );
  return {
    sheets,
    loading: enabled && (tree.isPending || files.some((r) => r.isPending)),
    error: tree.error ?? files.find((r) => r.error)?.error ?? null,
  };
}
