import { Alert, App, Button, Card, Col, Empty, Form, Input, Row, Space, Spin, Tabs, Tooltip } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PORTAL_LIMITS,
  PORTAL_LINK_GROUPS,
  PORTAL_LINK_GROUP_KEYS,
  type PortalFooter,
  type PortalLinkGroup,
  type PortalSite,
  type SaveSiteRequest,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useManageSite, useSaveManageSite } from '../api/manage-site';
import { messageOf } from './manage-server-errors';
import './manage-portal.css';

interface LinkValue {
  name: string;
  url: string;
}
type Values = Record<PortalLinkGroup, LinkValue[]> & { footer: PortalFooter };

function valuesOf(site: PortalSite): Values {
  const groups = Object.fromEntries(
    PORTAL_LINK_GROUP_KEYS.map((g) => [
      g,
      site.links.filter((l) => l.group === g).map((l) => ({ name: l.name, url: l.url })),
    ]),
  ) as Record<PortalLinkGroup, LinkValue[]>;
  return { ...groups, footer: site.footer };
}

function requestOf(values: Values): SaveSiteRequest {
  return {
    links: PORTAL_LINK_GROUP_KEYS.flatMap((group) =>
      (values[group] ?? []).map((l) => ({ group, name: l.name.trim(), url: l.url.trim() })),
    ),
    footer: {
      sponsor: values.footer.sponsor.trim(),
      operator: values.footer.operator.trim(),
      contact: values.footer.contact.trim(),
      icp: values.footer.icp.trim(),
    },
  };
}

/** One group's links in the order the portal shows them: add, edit, move, remove. */
function LinkGroup({ group }: { group: PortalLinkGroup }) {
  const { t } = useTranslation();
  const isHttp = (v: string) => {
    try {
      const url = new URL(v.trim());
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  };
  return (
    <Form.List name={group}>
      {(fields, { add, remove, move }) => (
        <div data-testid={`site-links-${group}`}>
          {fields.length === 0 && <Empty description={t('portalManage.site.noLinks')} />}
          {fields.map((field, index) => (
            <div className="manage-link-row" key={field.key} data-testid="site-link-row">
              <Form.Item
                name={[field.name, 'name']}
                rules={[{ required: true, whitespace: true, message: t('portalManage.site.nameRequired') }]}
                style={{ width: 240 }}
              >
                <Input
                  maxLength={PORTAL_LIMITS.linkNameMax}
                  placeholder={t('portalManage.site.linkName')}
                  aria-label={t('portalManage.site.linkName')}
                />
              </Form.Item>
              <Form.Item
                name={[field.name, 'url']}
                style={{ flex: 1 }}
                rules={[
                  { required: true, whitespace: true, message: t('portalManage.site.urlRequired') },
                  {
                    validator: async (_, v: string) => {
                      if (v && !isHttp(v)) throw new Error(t('portalManage.site.urlInvalid'));
                    },
                  },
                ]}
              >
                <Input
                  maxLength={PORTAL_LIMITS.linkUrlMax}
                  placeholder="https://"
                  aria-label={t('portalManage.site.linkUrl')}
                />
              </Form.Item>
              <Space size={0}>
                <Tooltip title={t('portalManage.files.moveUp')}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('portalManage.files.moveUp')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                </Tooltip>
                <Tooltip title={t('portalManage.files.moveDown')}>
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('portalManage.files.moveDown')}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </Tooltip>
                <Tooltip title={t('portalManage.files.remove')}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('portalManage.files.remove')}
                    onClick={() => remove(field.name)}
                  />
                </Tooltip>
              </Space>
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= PORTAL_LIMITS.linksPerGroupMax}
            onClick={() => add({ name: '', url: 'https://' })}
            data-testid={`site-add-${group}`}
          >
            {t('portalManage.site.addLink')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

/**
 * What every portal page shows around its content: the friendly links, the cities' government
 * and housing-bureau links, and the footer. Saved all at once; a refused save keeps the edits.
 */
export function ManageSiteForm() {
  const site = useManageSite();
  if (site.isError) return <Alert type="error" showIcon title={site.error.message} />;
  if (!site.data) return <Spin />;
  // Filled once from the first answer: a later refetch does not overwrite what is being typed.
  return <SiteForm site={site.data} />;
}

function SiteForm({ site }: { site: PortalSite }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = currentLocale();
  const save = useSaveManageSite();
  const [form] = Form.useForm<Values>();

  const onSave = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('portalManage.site.fixErrors'));
      return;
    }
    try {
      const saved = await save.mutateAsync(requestOf(values));
      form.setFieldsValue(valuesOf(saved));
      void message.success(t('portalManage.site.saved'));
    } catch (error) {
      void message.error(messageOf(error));
    }
  };

  const footerField = (name: keyof PortalFooter, multiline = false) => (
    <Form.Item name={['footer', name]} label={t(`portalManage.site.footer.${name}`)}>
      {multiline ? (
        <Input.TextArea maxLength={PORTAL_LIMITS.footerTextMax} autoSize={{ minRows: 2, maxRows: 4 }} />
      ) : (
        <Input maxLength={PORTAL_LIMITS.footerTextMax} />
      )}
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={valuesOf(site)}
      disabled={save.isPending}
      data-testid="site-form"
    >
      <Space orientation="vertical" size="middle" className="full-width" style={{ width: '100%' }}>
        <Card title={t('portalManage.site.linksTitle')}>
          <Tabs
            items={PORTAL_LINK_GROUP_KEYS.map((group) => ({
              key: group,
              label: PORTAL_LINK_GROUPS[group][locale],
              // Every group stays mounted so that one save sends them all.
              forceRender: true,
              children: <LinkGroup group={group} />,
            }))}
          />
        </Card>
        <Card title={t('portalManage.site.footerTitle')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              {footerField('sponsor')}
            </Col>
            <Col xs={24} md={12}>
              {footerField('operator')}
            </Col>
            <Col xs={24} md={12}>
              {footerField('contact', true)}
            </Col>
            <Col xs={24} md={12}>
              {footerField('icp')}
            </Col>
          </Row>
        </Card>
        <div className="manage-form-actions">
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={save.isPending}
            onClick={() => void onSave()}
            data-testid="site-save"
          >
            {t('portalManage.site.save')}
          </Button>
        </div>
      </Space>
    </Form>
  );
}
