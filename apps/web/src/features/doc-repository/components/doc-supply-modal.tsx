import { Button, Form, Input, Modal, Select, Space, TreeSelect, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DOC_CATEGORIES,
  DOC_CATEGORY_KEYS,
  DOC_FEEDBACK_LIMITS,
  type DocCategory,
  type DocFolderNode,
  type FeedbackItem,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useDocTree } from '../api/get-doc-tree';

export type SupplyMode = 'RETURN' | 'REMIND';

interface Row {
  category: DocCategory;
  folderId?: string;
  reason: string;
}

interface TreeOption {
  value: string;
  title: string;
  children: TreeOption[];
}
const toOptions = (nodes: DocFolderNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toOptions(n.children) }));

/**
 * The agency's return (退回) or reminder (补充提醒): one or more reasons, each about a building, a
 * specialty or a folder below them, or about a whole category. The folder choice comes from the
 * version's own trees, so a reason always points at something the submitter can find.
 */
export function DocSupplyModal({
  open,
  mode,
  target,
  versionId,
  category,
  saving,
  onOk,
  onCancel,
}: {
  open: boolean;
  mode: SupplyMode;
  target: ProjectTarget;
  versionId: string;
  /** The category the screen shows: the first reason is about it. */
  category: DocCategory;
  saving: boolean;
  onOk: (items: FeedbackItem[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [form] = Form.useForm<{ rows: Row[] }>();
  const trees = {
    SURVEY: useDocTree(target, versionId, 'SURVEY'),
    DESIGN: useDocTree(target, versionId, 'DESIGN'),
  };
  const rows = Form.useWatch('rows', form) ?? [];

  return (
    <Modal
      open={open}
      destroyOnHidden
      width={720}
      title={t(mode === 'RETURN' ? 'docReview.returnTitle' : 'docReview.remindTitle')}
      okText={t(mode === 'RETURN' ? 'docReview.return' : 'docReview.remind')}
      okButtonProps={{ danger: mode === 'RETURN', loading: saving, 'data-testid': 'supply-ok' }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      data-testid="supply-modal"
    >
      <Typography.Paragraph type="secondary">
        {t(mode === 'RETURN' ? 'docReview.returnHint' : 'docReview.remindHint')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ rows: [{ category, reason: '' }] }}
        onFinish={(v) =>
          onOk(
            v.rows.map((r) => ({
              category: r.category,
              folderId: r.folderId ?? null,
              reason: r.reason.trim(),
            })),
          )
        }
      >
        <Form.List name="rows">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => {
                const rowCategory = rows[index]?.category ?? category;
                return (
                  <div key={field.key} className="doc-supply-row" data-testid="supply-row">
                    <Space align="start" wrap>
                      <Form.Item name={[field.name, 'category']} label={t('docReview.category')}>
                        <Select
                          style={{ width: 140 }}
                          options={DOC_CATEGORY_KEYS.map((c) => ({
                            value: c,
                            label: DOC_CATEGORIES[c][locale],
                          }))}
                          // A folder of the other tree means nothing in this one.
                          onChange={() => form.setFieldValue(['rows', field.name, 'folderId'], undefined)}
                          data-testid="supply-category"
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'folderId']} label={t('docReview.folder')}>
                        <TreeSelect
                          allowClear
                          treeDefaultExpandAll
                          style={{ width: 300 }}
                          placeholder={t('docRepository.wholeCategory')}
                          treeData={toOptions(trees[rowCategory].data ?? [])}
                          loading={trees[rowCategory].isPending}
                          data-testid="supply-folder"
                        />
                      </Form.Item>
                      {fields.length > 1 && (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          onClick={() => remove(field.name)}
                          aria-label={t('docReview.removeReason')}
                          className="doc-supply-remove"
                        />
                      )}
                    </Space>
                    <Form.Item
                      name={[field.name, 'reason']}
                      label={t('docReview.reason')}
                      rules={[
                        { required: true, whitespace: true, message: t('docReview.reasonRequired') },
                        {
                          max: DOC_FEEDBACK_LIMITS.reasonMax,
                          message: t('docReview.reasonTooLong', { max: DOC_FEEDBACK_LIMITS.reasonMax }),
                        },
                      ]}
                    >
                      <Input.TextArea
                        rows={2}
                        maxLength={DOC_FEEDBACK_LIMITS.reasonMax}
                        showCount
                        data-testid="supply-reason"
                      />
                    </Form.Item>
                  </div>
                );
              })}
              {fields.length < DOC_FEEDBACK_LIMITS.itemsMax && (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ category, reason: '' })}
                  data-testid="supply-add"
                >
                  {t('docReview.addReason')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
