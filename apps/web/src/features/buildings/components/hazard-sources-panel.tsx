import { useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BUILDING_LIMITS, type Building, type BuildingHazardSource } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useHazardSources } from '../api/get-hazard-sources';
import { useRemoveHazards } from '../api/remove-hazards';
import { useSaveHazards } from '../api/save-hazards';
import type { BuildingDictionaryOptions } from '../hooks/use-building-dictionary';
import { useBuildingRules } from '../hooks/use-building-rules';
import { EditDeleteActions } from './edit-delete-actions';

interface Values {
  code: string;
  description: string;
  beyondScale: boolean;
}

/** One entry, new or changed; whether it is beyond scale follows the national list where that decides. */
function HazardModal({
  target,
  building,
  editing,
  dictionary,
  onClose,
}: {
  target: ProjectTarget;
  building: Building;
  editing: BuildingHazardSource | 'new' | null;
  dictionary: BuildingDictionaryOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveHazards(target);
  const rules = useBuildingRules();
  const code = Form.useWatch('code', form);
  const entry = dictionary.entry('hazardSources', code);
  // An entry the national list puts beyond scale is always so (超过一定规模的危大工程).
  const fixedBeyond = entry?.beyondScale === true;
  const existing = editing !== 'new' ? editing : null;

  const onOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync({
        buildingId: building.id,
        items: [
          {
            id: existing?.id,
            code: values.code,
            description: values.description.trim(),
            beyondScale: fixedBeyond || values.beyondScale,
          },
        ],
      });
      void message.success(t('buildings.hazards.saved'));
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={existing ? t('buildings.hazards.editTitle') : t('buildings.hazards.addTitle')}
      okText={t('buildings.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      data-testid="hazard-modal"
    >
      <Form<Values>
        form={form}
        name="hazard"
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={
          existing
            ? { code: existing.code, description: existing.description, beyondScale: existing.beyondScale }
            : { beyondScale: false }
        }
        onValuesChange={(changed: Partial<Values>) => {
          // A new kind starts with the national list's judgement.
          if (changed.code)
            form.setFieldValue(
              'beyondScale',
              dictionary.entry('hazardSources', changed.code)?.beyondScale ?? false,
            );
        }}
      >
        <Form.Item
          name="code"
          label={t('buildings.hazards.code')}
          rules={rules.hazard('code')}
          extra={
            code && (
              <Typography.Paragraph
                type="secondary"
                className="hazard-scope"
                ellipsis={{ rows: 3, expandable: true }}
              >
                {dictionary.description('hazardSources', code)}
              </Typography.Paragraph>
            )
          }
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={dictionary.flat('hazardSources')}
            optionRender={({ data }) => (
              <span className={data.child ? 'hazard-option hazard-option-child' : 'hazard-option'}>
                {data.label}
                {data.item.beyondScale && (
                  <Tag color="volcano" className="hazard-option-tag">
                    {t('buildings.hazards.beyond')}
                  </Tag>
                )}
              </span>
            )}
            loading={dictionary.loading}
            data-testid="hazard-code"
          />
        </Form.Item>
        <Form.Item name="beyondScale" valuePropName="checked">
          <Checkbox disabled={fixedBeyond} data-testid="hazard-beyond">
            {fixedBeyond ? t('buildings.hazards.beyondFixed') : t('buildings.hazards.beyondScale')}
          </Checkbox>
        </Form.Item>
        <Form.Item
          name="description"
          label={t('buildings.hazards.description')}
          rules={rules.hazard('description')}
        >
          <Input.TextArea
            rows={3}
            maxLength={500}
            showCount
            placeholder={t('buildings.hazards.descriptionPlaceholder')}
            data-testid="hazard-description"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The hazardous sub-projects (危大工程) of one building; the construction and design units keep them. */
export function HazardSourcesPanel({
  target,
  building,
  dictionary,
}: {
  target: ProjectTarget;
  building: Building;
  dictionary: BuildingDictionaryOptions;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const hazards = useHazardSources(target, building.id);
  const remove = useRemoveHazards(target);
  const [editing, setEditing] = useState<BuildingHazardSource | 'new' | null>(null);
  const edits = building.can.edit;
  const list = hazards.data ?? [];

  const onDelete = (h: BuildingHazardSource) =>
    modal.confirm({
      title: t('buildings.hazards.delete'),
      content: t('buildings.hazards.confirmDelete', { name: dictionary.label('hazardSources', h.code) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync([h.id]);
          void message.success(t('buildings.hazards.deleted'));
        } catch (error) {
          void message.error(error instanceof ApiError ? error.message : String(error));
        }
      },
    });

  return (
    <Card
      title={t('buildings.hazards.title')}
      className="building-section"
      data-testid="hazard-panel"
      extra={
        edits && (
          <Button
            icon={<PlusOutlined />}
            disabled={list.length >= BUILDING_LIMITS.hazardSourcesMax}
            onClick={() => setEditing('new')}
            data-testid="add-hazard"
          >
            {t('buildings.hazards.add')}
          </Button>
        )
      }
    >
      {hazards.isError && <Alert type="error" showIcon title={hazards.error.message} />}
      <Table<BuildingHazardSource>
        rowKey="id"
        size="small"
        pagination={false}
        loading={hazards.isPending}
        dataSource={list}
        locale={{ emptyText: t('buildings.hazards.empty') }}
        data-testid="hazard-table"
        columns={[
          {
            title: t('buildings.hazards.code'),
            dataIndex: 'code',
            width: 260,
            render: (v: string) => dictionary.label('hazardSources', v),
          },
          {
            title: t('buildings.hazards.scale'),
            dataIndex: 'beyondScale',
            width: 150,
            render: (v: boolean) =>
              v ? (
                <Tag color="volcano">{t('buildings.hazards.beyond')}</Tag>
              ) : (
                <Tag>{t('buildings.hazards.normal')}</Tag>
              ),
          },
          { title: t('buildings.hazards.description'), dataIndex: 'description' },
          ...(edits
            ? [
                {
                  title: t('buildings.actions'),
                  key: 'actions',
                  width: 150,
                  render: (_: unknown, h: BuildingHazardSource) => (
                    <EditDeleteActions
                      onEdit={() => setEditing(h)}
                      onDelete={() => onDelete(h)}
                      deleting={remove.isPending}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <HazardModal
        target={target}
        building={building}
        editing={editing}
        dictionary={dictionary}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
