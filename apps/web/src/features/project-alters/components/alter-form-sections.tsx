import { useEffect } from 'react';
import { Alert, Checkbox, Col, Divider, Form, Input, Row, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALTER_CATEGORIES,
  ALTER_CATEGORY_KEYS,
  PROJECT_ALTER_LIMITS,
  type AlterCategory,
  type PassedBuilding,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { usePassedBuildings } from '../api/get-passed-buildings';
import './project-alters.css';
import { useAlterRules } from '../hooks/use-alter-rules';

const number = (v: number) => v.toLocaleString('zh-CN', { maximumFractionDigits: 2 });

/**
 * The passed buildings of the chosen master as a checkbox table; the value is the ids picked.
 * Picks that are not buildings of this master (the master was changed) are dropped.
 */
function PassedBuildingTable({
  id,
  dicId,
  value,
  onChange,
}: {
  id?: string;
  dicId: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const buildings = usePassedBuildings(dicId);
  const rows = buildings.data;

  useEffect(() => {
    if (!rows || !value?.length) return;
    const kept = value.filter((v) => rows.some((b) => b.id === v));
    if (kept.length !== value.length) onChange?.(kept);
  }, [rows, value, onChange]);

  if (buildings.isError) return <Alert type="error" showIcon title={buildings.error.message} />;
  return (
    <div id={id}>
      <Table<PassedBuilding>
        rowKey="id"
        size="small"
        bordered
        loading={buildings.isPending}
        dataSource={rows ?? []}
        pagination={false}
        locale={{ emptyText: t('projectAlters.noPassedBuildings') }}
        rowSelection={{
          selectedRowKeys: value ?? [],
          onChange: (keys) => onChange?.(keys.map(String)),
        }}
        data-testid="passed-buildings"
        columns={[
          { title: t('projectAlters.building.name'), dataIndex: 'name' },
          {
            title: t('projectAlters.building.application'),
            key: 'application',
            render: (_, b) => (
              <span>
                <span className="nowrap">{b.projectCode}</span>{' '}
                <Typography.Text type="secondary">{b.projectName}</Typography.Text>
              </span>
            ),
          },
          {
            title: t('projectAlters.building.floors'),
            key: 'floors',
            render: (_, b) =>
              t('projectAlters.building.floorsValue', { above: b.floorsAbove, below: b.floorsBelow }),
          },
          {
            title: t('projectAlters.building.height'),
            dataIndex: 'height',
            render: (v: number) => `${number(v)} m`,
          },
          {
            title: t('projectAlters.building.floorArea'),
            dataIndex: 'floorArea',
            render: (v: number) => `${number(v)} m²`,
          },
        ]}
      />
    </div>
  );
}

/**
 * The change's own part of the application form (`projectAlterRequest`): the passed buildings it
 * changes, what the change touches, what changed and why. Sits inside the application's Form.
 */
export function AlterFormSections({ dicId }: { dicId: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rule = useAlterRules();

  return (
    <>
      <Divider titlePlacement="start">{t('projectAlters.sections.buildings')}</Divider>
      <Typography.Paragraph type="secondary">{t('projectAlters.buildingsHint')}</Typography.Paragraph>
      <Form.Item name="buildingIds" rules={rule('buildingIds')}>
        <PassedBuildingTable dicId={dicId} />
      </Form.Item>
      <Divider titlePlacement="start">{t('projectAlters.sections.change')}</Divider>
      <Form.Item
        name="categories"
        label={t('projectAlters.fields.categories')}
        rules={rule('categories')}
        extra={t('projectAlters.categoriesHint')}
      >
        <Checkbox.Group
          options={ALTER_CATEGORY_KEYS.map((k: AlterCategory) => ({
            value: k,
            label: ALTER_CATEGORIES[k][locale],
          }))}
          data-testid="alter-categories"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="content" label={t('projectAlters.fields.content')} rules={rule('content')}>
            <Input.TextArea
              rows={5}
              showCount
              maxLength={PROJECT_ALTER_LIMITS.contentMax}
              placeholder={t('projectAlters.contentPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="reason" label={t('projectAlters.fields.reason')} rules={rule('reason')}>
            <Input.TextArea
              rows={5}
              showCount
              maxLength={PROJECT_ALTER_LIMITS.reasonMax}
              placeholder={t('projectAlters.reasonPlaceholder')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Alert
        type="info"
        showIcon
        className="alter-application-hint"
        title={t('projectAlters.sections.application')}
        description={t('projectAlters.applicationHint')}
      />
    </>
  );
}
