import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Select, Skeleton, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ProjectDic } from '@drp/domain';
import { useProjectDics } from '../api/get-project-dics';
import { ProjectDicCreator } from './project-dic-creator';

const searchable = { showSearch: { optionFilterProp: 'label' } } as const;

/**
 * The first step of an application: one of the organisation's project masters (工程项目). For a
 * first application a new one can be registered on the spot; a change application
 * (`passedOnly`) starts only from a master with a passed application, so none is registered here
 * and `noneQualifies` explains what to do instead. `locked`: a saved change keeps its master, as
 * its buildings were copied from it.
 */
export function ProjectDicPicker({
  orgId,
  value,
  onChoose,
  passedOnly = false,
  locked = false,
  noneQualifies,
}: {
  orgId: string;
  value: string | undefined;
  onChoose: (dic: ProjectDic) => void;
  passedOnly?: boolean;
  locked?: boolean;
  noneQualifies?: ReactNode;
}) {
  const { t } = useTranslation();
  const dics = useProjectDics(orgId, passedOnly ? { isAlter: true } : {});
  const [creating, setCreating] = useState(false);
  const masters = dics.data ?? [];
  const dic = masters.find((d) => d.id === value);
  const empty = dics.isSuccess && masters.length === 0;
  // With no project master yet, registering one is the only way on.
  const showCreator = !passedOnly && (creating || empty);

  const choose = (next: ProjectDic) => {
    setCreating(false);
    onChoose(next);
  };

  return (
    <Card
      title={t('projects.dic.label')}
      extra={
        !passedOnly &&
        !showCreator &&
        !dics.isPending && (
          <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-project-dic">
            {t('projects.dic.create')}
          </Button>
        )
      }
    >
      {dics.isError && <Alert type="error" showIcon title={dics.error.message} />}
      {dics.isPending ? (
        <Skeleton.Input active className="project-dic-select" />
      ) : showCreator ? (
        <>
          {masters.length === 0 && (
            <Typography.Paragraph type="secondary">{t('projects.dic.empty')}</Typography.Paragraph>
          )}
          <ProjectDicCreator
            orgId={orgId}
            onCreated={choose}
            onCancel={masters.length > 0 ? () => setCreating(false) : undefined}
          />
        </>
      ) : passedOnly && empty ? (
        noneQualifies
      ) : (
        <>
          <Select<string>
            {...searchable}
            className="project-dic-select"
            placeholder={t('projects.dic.placeholder')}
            value={value}
            disabled={locked}
            onChange={(id) => {
              const next = masters.find((d) => d.id === id);
              if (next) choose(next);
            }}
            options={masters.map((d) => ({
              value: d.id,
              label: d.name,
              region: d.region,
              applications: d.applications,
            }))}
            optionRender={(option) => (
              <Space orientation="vertical" size={0}>
                <span>{option.data.label}</span>
                <Typography.Text type="secondary" className="project-dic-option-meta">
                  {option.data.region}
                  {option.data.applications > 0 &&
                    ` · ${t('projects.dic.applications', { count: option.data.applications })}`}
                </Typography.Text>
              </Space>
            )}
            data-testid="project-dic-select"
          />
          {dic && (
            <Typography.Paragraph type="secondary" className="project-dic-summary">
              {dic.region} · {dic.address}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Card>
  );
}
