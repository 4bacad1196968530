import { useMemo } from 'react';
import { Badge, Space, Tree, Typography, type TreeDataNode } from 'antd';
import { ApartmentOutlined, FolderOutlined, LockOutlined, PartitionOutlined } from '@ant-design/icons';
import type { DocFolderNode } from '@drp/domain';

const ICONS = {
  BUILDING: <ApartmentOutlined />,
  SPECIALTY: <PartitionOutlined />,
  CUSTOM: <FolderOutlined />,
};

function toTreeData(nodes: DocFolderNode[], showLocks: boolean): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <Space
        size={6}
        className="doc-folder-title"
        title={n.orgName ?? undefined}
        data-testid="doc-folder"
        data-folder-name={n.name}
        data-kind={n.kind}
      >
        {ICONS[n.kind]}
        <span>{n.name}</span>
        {n.fileCount > 0 && <Badge count={n.fileCount} color="#8c8c8c" size="small" />}
        {showLocks && !n.editable && (
          <LockOutlined className="doc-folder-lock" data-testid="doc-folder-locked" />
        )}
        {/* The specialty names the unit answering for it; its own folders below are that unit's too. */}
        {n.orgName && n.kind === 'SPECIALTY' && (
          <Typography.Text type="secondary" className="doc-folder-org">
            {n.orgName}
          </Typography.Text>
        )}
      </Space>
    ),
    children: toTreeData(n.children, showLocks),
  }));
}

/** Every folder by id, for the actions on the selected one. */
export function indexFolders(nodes: DocFolderNode[], into = new Map<string, DocFolderNode>()) {
  for (const n of nodes) {
    into.set(n.id, n);
    indexFolders(n.children, into);
  }
  return into;
}

/**
 * The folder tree (building → specialty → the units' own folders). Where the viewer uploads, a
 * lock marks the folders it cannot change; readers see no locks, as nothing is theirs to change.
 */
export function DocFolderTree({
  nodes,
  selected,
  onSelect,
  showLocks = true,
}: {
  nodes: DocFolderNode[];
  selected: string | undefined;
  onSelect: (id: string) => void;
  showLocks?: boolean;
}) {
  const treeData = useMemo(() => toTreeData(nodes, showLocks), [nodes, showLocks]);
  const allKeys = useMemo(() => [...indexFolders(nodes).keys()], [nodes]);
  return (
    <Tree
      blockNode
      defaultExpandedKeys={allKeys}
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => {
        if (keys[0]) onSelect(String(keys[0]));
      }}
      treeData={treeData}
      data-testid="doc-folder-tree"
    />
  );
}
