import { App, Button, Col, Form, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProjectDic, ProjectDicRequest } from '@drp/domain';
import { RegionCascader } from '../../../components/region-cascader';
import { ApiError } from '../../../lib/http';
import { useAddProjectDic } from '../api/add-project-dic';
import { useProjectFormRules } from '../hooks/use-project-form-rules';

/** A new project master (工程项目), registered without leaving the application form. */
export function ProjectDicCreator({
  orgId,
  onCreated,
  onCancel,
}: {
  orgId: string;
  onCreated: (dic: ProjectDic) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectDicRequest>();
  const add = useAddProjectDic(orgId);
  const { dicField } = useProjectFormRules();

  const onFinish = async (values: ProjectDicRequest) => {
    try {
      const dic = await add.mutateAsync(values);
      void message.success(t('projects.dic.created', { name: dic.name }));
      form.resetFields();
      onCreated(dic);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : String(error));
    }
  };

  return (
    <Form
      form={form}
      name="projectDic"
      layout="vertical"
      className="project-dic-creator"
      onFinish={(v) => void onFinish(v)}
      autoComplete="off"
      data-testid="project-dic-creator"
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label={t('projects.dic.name')}
            required
            rules={dicField('name', t('projects.dic.name'))}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="regionCode"
            label={t('projects.fields.regionCode')}
            required
            rules={dicField('regionCode', t('projects.fields.regionCode'))}
          >
            <RegionCascader placeholder={t('projects.regionPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="address"
            label={t('projects.fields.address')}
            required
            rules={dicField('address', t('projects.fields.address'))}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="save-project-dic">
          {t('projects.dic.save')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </Space>
    </Form>
  );
}
