/** What matching needs of a folder of the document tree (DocFolderNode). */
interface FolderLike {
  id: string;
  name: string;
  children: readonly FolderLike[];
}

/** Each folder's path of names from the category's root: what matches a sheet across versions. */
export function folderPaths(
  nodes: readonly FolderLike[],
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  for (const n of nodes) {
    const path = `${prefix}/${n.name}`;
    into.set(n.id, path);
    folderPaths(n.children, path, into);
  }
  return into;
}

/**
 * The same sheet in another version: the file of the same name in the folder of the same path
 * (folder ids differ from version to version; their names and nesting do not).
 */
export function sameSheetIn<F extends { name: string; folderId: string }>(
  files: readonly F[],
  paths: ReadonlyMap<string, string>,
  wanted: { name: string; path: string },
): F | undefined {
  return files.find((f) => f.name === wanted.name && paths.get(f.folderId) === wanted.path);
}
