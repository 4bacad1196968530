import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Building, BuildingDesignInfo } from '@drp/domain';
import { ApiError } from '../../../lib/http';
import type { ProjectTarget } from '../../../lib/project-target';
import { useDesignInfos } from '../api/get-design-infos';
import { useRemoveDesignInfo } from '../api/remove-design-info';
import { useSaveDesignInfo } from '../api/save-design-info';
import type { BuildingDictionaryOptions, Option } from '../hooks/use-building-dictionary';
import { useBuildingRules } from '../hooks/use-building-rules';
import { EditDeleteActions } from './edit-delete-actions';

interface Values {
  specialty: string;
  chiefDesigner: string;
  engineerCertNo: string;
  remark?: string;
}

function DesignInfoModal({
  target,
  building,
  editing,
  taken,
  dictionary,
  onClose,
}: {
  target: ProjectTarget;
  building: Building;
  editing: BuildingDesignInfo | 'new' | null;
  /** Specialties this unit has filled in already, offered no more. */
  taken: string[];
  dictionary: BuildingDictionaryOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveDesignInfo(target);
  const rules = useBuildingRules();
  const existing = editing !== 'new' ? editing : null;
  const specialties = (dictionary.options('specialties') as Option[]).filter(
    (o) => o.value === existing?.specialty || !taken.includes(o.value),
  );

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
            specialty: values.specialty,
            chiefDesigner: values.chiefDesigner.trim(),
            engineerCertNo: values.engineerCertNo.trim(),
            remark: values.remark?.trim() || undefined,
          },
        ],
      });
      void message.success(t('buildings.design.saved'));
      onClose();
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Modal
      open={editing !== null}
      title={existing ? t('buildings.design.editTitle') : t('buildings.design.addTitle')}
      okText={t('buildings.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="design-modal"
    >
      <Form<Values>
        form={form}
        name="designInfo"
        layout="vertical"
        preserve={false}
        autoComplete="off"
        initialValues={
          existing
            ? {
                specialty: existing.specialty,
                chiefDesigner: existing.chiefDesigner,
                engineerCertNo: existing.engineerCertNo,
                remark: existing.remark ?? undefined,
              }
            : undefined
        }
      >
        <Form.Item name="specialty" label={t('buildings.design.specialty')} rules={rules.design('specialty')}>
          <Select options={specialties} loading={dictionary.loading} data-testid="design-specialty" />
        </Form.Item>
        <Form.Item
          name="chiefDesigner"
          label={t('buildings.design.chiefDesigner')}
          rules={rules.design('chiefDesigner')}
        >
          <Input maxLength={32} data-testid="design-chief" />
        </Form.Item>
        <Form.Item
          name="engineerCertNo"
          label={t('buildings.design.engineerCertNo')}
          extra={t('buildings.design.certHint')}
          rules={rules.design('engineerCertNo')}
        >
          <Input maxLength={32} data-testid="design-cert" />
        </Form.Item>
        <Form.Item name="remark" label={t('buildings.design.remark')} rules={rules.design('remark')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Who answers for each specialty of the building, per design unit. Every unit named on the
 * building keeps its own rows until the review agency confirms the building.
 */
export function DesignInfoPanel({
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
  const infos = useDesignInfos(target, building.id);
  const remove = useRemoveDesignInfo(target);
  const [editing, setEditing] = useState<BuildingDesignInfo | 'new' | null>(null);
  const fills = building.can.editDesignInfo;
  const list = infos.data ?? [];
  const own = list.filter((i) => i.orgId === target.orgId);

  const onDelete = (info: BuildingDesignInfo) =>
    modal.confirm({
      title: t('buildings.design.delete'),
      content: t('buildings.design.confirmDelete', {
        specialty: dictionary.label('specialties', info.specialty),
      }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync([info.id]);
          void message.success(t('buildings.design.deleted'));
        } catch (error) {
          void message.error(error instanceof ApiError ? error.message : String(error));
        }
      },
    });

  return (
    <Card
      title={t('buildings.design.title')}
      className="building-section"
      data-testid="design-panel"
      extra={
        fills && (
          <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-design-info">
            {t('buildings.design.add')}
          </Button>
        )
      }
    >
      {infos.isError && <Alert type="error" showIcon title={infos.error.message} />}
      <Table<BuildingDesignInfo>
        rowKey="id"
        size="small"
        pagination={false}
        loading={infos.isPending}
        dataSource={list}
        locale={{ emptyText: t('buildings.design.empty') }}
        data-testid="design-table"
        columns={[
          { title: t('buildings.design.unit'), dataIndex: 'orgName' },
          {
            title: t('buildings.design.specialty'),
            dataIndex: 'specialty',
            render: (v: string) => dictionary.label('specialties', v),
          },
          { title: t('buildings.design.chiefDesigner'), dataIndex: 'chiefDesigner' },
          { title: t('buildings.design.engineerCertNo'), dataIndex: 'engineerCertNo' },
          {
            title: t('buildings.design.remark'),
            dataIndex: 'remark',
            render: (v: string | null) => v || '—',
          },
          ...(fills
            ? [
                {
                  title: t('buildings.actions'),
                  key: 'actions',
                  width: 150,
                  render: (_: unknown, info: BuildingDesignInfo) =>
                    info.orgId === target.orgId && (
                      <EditDeleteActions
                        onEdit={() => setEditing(info)}
                        onDelete={() => onDelete(info)}
                        deleting={remove.isPending}
                      />
                    ),
                },
              ]
            : []),
        ]}
      />
      <DesignInfoModal
        target={target}
        building={building}
        editing={editing}
        taken={own.map((i) => i.specialty)}
        dictionary={dictionary}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
