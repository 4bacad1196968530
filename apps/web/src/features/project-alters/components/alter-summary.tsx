import { Descriptions, Divider, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALTER_CATEGORIES, type ProjectAlterDetail } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import './project-alters.css';

/**
 * The change's own part, read-only: what it touches, what changed and why, and the passed
 * buildings it changes with the application each passed in.
 */
export function AlterSummary({ alter }: { alter: ProjectAlterDetail }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <>
      <Divider titlePlacement="start">{t('projectAlters.sections.change')}</Divider>
      <Descriptions
        bordered
        column={1}
        size="middle"
        className="project-detail alter-summary"
        data-testid="alter-summary"
      >
        <Descriptions.Item label={t('projectAlters.fields.categories')}>
          {alter.categories.map((c) => (
            <Tag key={c} color="orange" className="project-party">
              {ALTER_CATEGORIES[c][locale]}
            </Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('projectAlters.fields.content')}>
          <Typography.Paragraph className="multiline-text" data-testid="alter-content">
            {alter.content}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('projectAlters.fields.reason')}>
          <Typography.Paragraph className="multiline-text" data-testid="alter-reason">
            {alter.reason}
          </Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('projectAlters.fields.buildingIds')}>
          <ul className="alter-buildings" data-testid="alter-buildings">
            {alter.buildings.map((b) => (
              <li key={b.sourceBuildingId}>
                <span>{b.name}</span>{' '}
                <Typography.Text type="secondary">
                  {t('projectAlters.building.passedIn', { code: b.sourceProjectCode })}
                  {b.buildingId === null && ` · ${t('projectAlters.building.removed')}`}
                </Typography.Text>
              </li>
            ))}
          </ul>
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('projectAlters.sections.application')}</Divider>
    </>
  );
}
