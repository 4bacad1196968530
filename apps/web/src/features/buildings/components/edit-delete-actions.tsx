import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The 编辑 / 删除 links of an entry row (hazard sources, design info). */
export function EditDeleteActions({
  onEdit,
  onDelete,
  deleting,
}: {
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0} className="nowrap">
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
        {t('buildings.edit')}
      </Button>
      <Button
        type="link"
        size="small"
        danger
        icon={<DeleteOutlined />}
        disabled={deleting}
        onClick={onDelete}
      >
        {t('buildings.delete')}
      </Button>
    </Space>
  );
}
