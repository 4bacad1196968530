import { useMemo } from 'react';
import type { DocCategory, DocFile, DocFolderNode } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useFolderFiles } from '../api/get-folder-files';
import { useSheetTree } from '../api/get-sheet-tree';
import { opensInViewer } from '../sheet-viewer-path';

/** Folders in the order the tree shows them (depth first), each before its children. */
function inOrder(nodes: readonly DocFolderNode[], into: DocFolderNode[] = []) {
  for (const n of nodes) {
    into.push(n);
    inOrder(n.children, into);
  }
  return into;
}

export interface SheetFiles {
  tree: DocFolderNode[] | undefined;
  /** Each folder's files, as queryFile lists them. */
  byFolder: Map<string, DocFile[]>;
  /** The sheets (PDFs) in the tree's order: what next and previous walk through. */
  sheets: DocFile[];
  loading: boolean;
  error: Error | null;
}

/** The version's tree of one category with the files of every folder that holds any. */
export function useSheetFiles(target: ProjectTarget, versionId: string, category: DocCategory): SheetFiles {
  const tree = useSheetTree(target, versionId, category);
  const folders = useMemo(() => inOrder(tree.data ?? []).filter((f) => f.fileCount > 0), [tree.data]);
  const files = useFolderFiles(
    target,
    versionId,
    folders.map((f) => f.id),
  );
  return useMemo(() => {
    const byFolder = new Map<string, DocFile[]>();
    folders.forEach((f, i) => byFolder.set(f.id, files.lists[i] ?? []));
    const sheets = folders.flatMap((f) => byFolder.get(f.id) ?? []).filter(opensInViewer);
    return {
      tree: tree.data,
      byFolder,
      sheets,
      loading: tree.isPending || files.pending,
      error: tree.error ?? files.error,
    };
  }, [tree.data, tree.isPending, tree.error, folders, files]);
}
