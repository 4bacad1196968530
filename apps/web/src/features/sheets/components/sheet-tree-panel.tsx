import { useMemo, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { FileOutlined, FilePdfOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DocFile, DocFolderNode } from '@drp/domain';
import type { SheetFiles } from '../hooks/use-sheet-files';
import { opensInViewer } from '../sheet-viewer-path';

const FILE_KEY = 'file:';

/**
 * A plain click is the tree's (it selects, and the viewer opens the file); a click for a new tab
 * or window is the link's alone.
 */
function followOnlyToNewTab(event: MouseEvent) {
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) event.stopPropagation();
  else event.preventDefault();
}

/** The folders that hold a matching file (or have one below), with only those files. */
function toTreeData(
  nodes: readonly DocFolderNode[],
  byFolder: Map<string, DocFile[]>,
  match: (file: DocFile) => boolean,
  pathOf: (file: DocFile) => string,
  currentId: string,
): TreeDataNode[] {
  const out: TreeDataNode[] = [];
  for (const n of nodes) {
    const children = toTreeData(n.children, byFolder, match, pathOf, currentId);
    const files = (byFolder.get(n.id) ?? []).filter(match).map((file): TreeDataNode => ({
      key: FILE_KEY + file.id,
      isLeaf: true,
      selectable: opensInViewer(file),
      icon: opensInViewer(file) ? <FilePdfOutlined /> : <FileOutlined />,
      title: opensInViewer(file) ? (
        // A real link, so a middle or ctrl click opens the sheet in a tab of its own; the tree
        // itself is the keyboard's way through (arrows, Enter), so the link takes no tab stop.
        <Link
          to={pathOf(file)}
          tabIndex={-1}
          className="sheet-tree-file"
          data-testid="sheet-tree-file"
          data-file-id={file.id}
          aria-current={file.id === currentId ? 'page' : undefined}
          onClick={followOnlyToNewTab}
        >
          {file.name}
        </Link>
      ) : (
        <span className="sheet-tree-other" data-testid="sheet-tree-other">
          {file.name}
        </span>
      ),
    }));
    if (children.length === 0 && files.length === 0) continue;
    out.push({
      key: n.id,
      selectable: false,
      icon: <FolderOutlined />,
      title: <span className="sheet-tree-folder">{n.name}</span>,
      children: [...children, ...files],
    });
  }
  return out;
}

function folderKeys(nodes: readonly TreeDataNode[], into: string[] = []) {
  for (const n of nodes)
    if (!n.isLeaf) {
      into.push(String(n.key));
      folderKeys(n.children ?? [], into);
    }
  return into;
}

/**
 * The version's folders of the sheet's category with their files, filtered by name; the sheet on
 * screen is selected. Choosing a PDF opens it (the other files are listed but not opened here).
 */
export function SheetTreePanel({
  files,
  currentId,
  filter,
  onFilter,
  pathOf,
  onOpen,
}: {
  files: SheetFiles;
  currentId: string;
  filter: string;
  onFilter: (value: string) => void;
  pathOf: (file: DocFile) => string;
  onOpen: (file: DocFile) => void;
}) {
  const { t } = useTranslation();
  const needle = filter.trim().toLowerCase();
  const treeData = useMemo(
    () =>
      toTreeData(
        files.tree ?? [],
        files.byFolder,
        (file) => !needle || file.name.toLowerCase().includes(needle),
        pathOf,
        currentId,
      ),
    [files.tree, files.byFolder, needle, pathOf, currentId],
  );
  const folders = useMemo(() => folderKeys(treeData), [treeData]);
  // Every folder is open unless the user closed it.
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const expanded = folders.filter((key) => !closed.has(key));
  const byId = useMemo(
    () => new Map([...files.byFolder.values()].flat().map((f) => [FILE_KEY + f.id, f])),
    [files.byFolder],
  );

  return (
    <div className="sheet-tree-panel">
      <Input.Search
        allowClear
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        placeholder={t('sheets.treeSearch')}
        aria-label={t('sheets.treeSearch')}
        data-testid="sheet-tree-search"
      />
      {files.error ? (
        <Alert type="error" showIcon title={files.error.message} />
      ) : files.tree === undefined ? (
        <Spin className="sheet-panel-spin" aria-label={t('sheets.treeLoading')} />
      ) : treeData.length === 0 ? (
        files.loading ? (
          <Spin className="sheet-panel-spin" aria-label={t('sheets.treeLoading')} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sheets.treeEmpty')} />
        )
      ) : (
        <Tree
          blockNode
          showIcon
          expandedKeys={expanded}
          onExpand={(keys) => {
            const open = new Set(keys.map(String));
            setClosed(new Set(folders.filter((key) => !open.has(key))));
          }}
          selectedKeys={[FILE_KEY + currentId]}
          onSelect={(_, { node }) => {
            const file = byId.get(String(node.key));
            if (file && opensInViewer(file)) onOpen(file);
          }}
          treeData={treeData}
          aria-label={t('sheets.treeTitle')}
          data-testid="sheet-tree"
        />
      )}
    </div>
  );
}
