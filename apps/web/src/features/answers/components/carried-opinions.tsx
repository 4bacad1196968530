import { Alert, Card, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENERGY_SPECIALTY } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAnswers } from '../api/get-answers';
import type { AnswerLinks } from './answer-links';
import { AnswerStateTag, AnswerSummary, DecisionSummary, OpinionClause } from './answer-parts';
import { DecisionControls } from './decision-controls';
import '../answers-texts';

/**
 * A later round's mission (issue 20): the opinions of earlier rounds on its building × specialty,
 * each with the answer sent with this round's drawings, the compare link (the revised sheet beside
 * the one the opinion was written on) and the reviewer's close / keep / reopen. The mission cannot
 * be submitted while one stands open without a decision, so the count of those leads.
 */
export function CarriedOpinions({
  target,
  buildingId,
  specialty,
  links,
}: {
  target: ProjectTarget;
  buildingId: string;
  specialty: string;
  links: AnswerLinks;
}) {
  const { t } = useTranslation();
  const list = specialty === ENERGY_SPECIALTY ? 'ENERGY' : 'CONST';
  const { data, error } = useAnswers(target, { list, buildingId, specialty, pageSize: 100 });
  if (error)
    return <Alert type="error" showIcon title={t('answers.loadFailed', { message: error.message })} />;
  const round = data?.round?.number ?? 0;
  const carried = (data?.items ?? []).filter((i) => i.round < round);
  if (carried.length === 0) return null;
  const undecided = carried.filter((i) => i.state === 'OPEN' && !i.decision).length;
  return (
    <Card
      size="small"
      title={<h2 style={{ font: 'inherit', margin: 0 }}>{t('answers.carriedTitle', { round })}</h2>}
      data-testid="carried-opinions"
    >
      {undecided > 0 ? (
        <Alert type="warning" showIcon title={t('answers.carriedUndecided', { count: undecided })} />
      ) : (
        <Alert type="success" showIcon title={t('answers.carriedAllDecided')} />
      )}
      <List
        dataSource={carried}
        rowKey={(item) => item.opinionId}
        renderItem={(item) => {
          const compare =
            links.sheetPath && item.answer?.sheet
              ? links.sheetPath(item.answer.sheet, item.kind, item.sheet)
              : null;
          return (
            <List.Item data-testid={`carried-${item.opinionId}`}>
              <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                <Space wrap>
                  <Typography.Text strong>
                    {t('answers.roundNumberText', { round: item.round, number: item.number })}
                  </Typography.Text>
                  <AnswerStateTag state={item.state} />
                  {(item.clause || item.mandatory) && <OpinionClause item={item} />}
                </Space>
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                  {item.text}
                </Typography.Paragraph>
                {item.answer ? (
                  <AnswerSummary answer={item.answer} />
                ) : (
                  <Typography.Text>
                    {t(item.state === 'CLOSED' ? 'answers.closedNoAnswer' : 'answers.unanswered')}
                  </Typography.Text>
                )}
                {item.decision && <DecisionSummary decision={item.decision} />}
                <Space wrap>
                  <DecisionControls target={target} item={item} />
                  {compare && (
                    <Link to={compare} data-testid="carried-compare">
                      {t('answers.compare')}
                    </Link>
                  )}
                  <Link to={links.detailPath(item.opinionId)}>{t('answers.detail')}</Link>
                </Space>
              </Space>
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
