import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  ANSWER_KINDS,
  ENERGY_OPINION_KEYS,
  answerListOf,
  type AnswerDetail as AnswerDetailData,
  type OpinionAnswer,
  type OpinionDecisionEntry,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAnswerDetail, useAnswers, useDictionaryName } from '../api/get-answers';
import type { AnswerLinks } from './answer-links';
import { AnswerForm } from './answer-form';
import { AnswerStateTag, DecisionSummary, MandatoryMark } from './answer-parts';
import { DecisionControls } from './decision-controls';
import './answers.css';
import '../answers-texts';

const when = (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : null);

/**
 * The unit's answer button on the detail: a new answer goes with the round's version, which only
 * the list tells (one row is enough); a change keeps the version its answer names.
 */
function AnswerButton({ target, item }: { target: ProjectTarget; item: AnswerDetailData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const round = useAnswers(target, { list: answerListOf(item.kind), page: 1, pageSize: 1 });
  const versionId = item.answer?.versionId ?? round.data?.round?.versionId;
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="answer-detail-give">
        {item.can.answer ? t('answers.give') : t('answers.change')}
      </Button>
      {open && (
        <AnswerForm target={target} item={item} versionId={versionId} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/**
 * One issued opinion as every party reads it: what the reviewer wrote and where, each round's
 * answer with its revised sheet (and a comparison with the sheet the opinion was written on), each
 * decision; the unit's answer and the reviewer's decision when the server allows them.
 */
export function AnswerDetail({
  target,
  id,
  links,
}: {
  target: ProjectTarget;
  id: string;
  links: AnswerLinks;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const found = useAnswerDetail(target, id);
  const specialtyName = useDictionaryName('specialty');
  const typeName = useDictionaryName('opinionType');
  const heading = <h1 className="answers-title">{t('answers.detailTitle')}</h1>;
  if (found.isError)
    return (
      <Card title={heading}>
        <Alert type="error" showIcon title={t('answers.loadFailed', { message: found.error.message })} />
        <Link to={links.listPath}>{t('answers.back')}</Link>
      </Card>
    );
  const item = found.data;
  if (!item) return <Card title={heading} loading />;
  const opinionSheet = item.sheet && links.sheetPath ? links.sheetPath(item.sheet, item.kind) : null;
  const type = `${typeName(item.opinionType, locale)}${item.energyKey ? ` · ${ENERGY_OPINION_KEYS[item.energyKey][locale]}` : ''}`;

  const sheetCell = (a: OpinionAnswer) => {
    if (!a.sheet) return null;
    const label = t('answers.sheetAt', { name: a.sheet.fileName, page: a.sheet.page + 1 });
    if (!links.sheetPath) return label;
    return (
      <Space orientation="vertical" size={2}>
        <Link to={links.sheetPath(a.sheet, item.kind)} data-testid="answer-revised-link">
          {label}
        </Link>
        {item.sheet && (
          <Link to={links.sheetPath(a.sheet, item.kind, item.sheet)} data-testid="answer-compare-link">
            {t('answers.compare')}
          </Link>
        )}
      </Space>
    );
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="answer-detail-view">
      <Card
        title={heading}
        extra={
          <Space wrap>
            {(item.can.answer || item.can.changeAnswer) && <AnswerButton target={target} item={item} />}
            <Link to={links.listPath}>{t('answers.back')}</Link>
          </Space>
        }
      >
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          title={<h2 className="answers-title">{t('answers.opinionSection')}</h2>}
          data-testid="answer-opinion"
          items={[
            {
              key: 'round',
              label: t('answers.round'),
              children: t('answers.roundText', { round: item.round }),
            },
            { key: 'number', label: t('answers.number'), children: `#${item.number}` },
            { key: 'building', label: t('answers.building'), children: item.buildingName },
            {
              key: 'specialty',
              label: t('answers.specialty'),
              children: specialtyName(item.specialty, locale),
            },
            { key: 'type', label: t('answers.type'), children: type },
            { key: 'state', label: t('answers.state'), children: <AnswerStateTag state={item.state} /> },
            {
              key: 'clause',
              label: t('answers.clause'),
              span: 'filled',
              children: (
                <div data-testid="answer-clause">
                  {item.mandatory && <MandatoryMark />}
                  {item.clause ? (
                    <>
                      <Typography.Text strong>{item.clause.label}</Typography.Text>
                      {item.clause.text && (
                        <Typography.Paragraph style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap' }}>
                          {item.clause.text}
                        </Typography.Paragraph>
                      )}
                    </>
                  ) : (
                    t('answers.noClause')
                  )}
                </div>
              ),
            },
            {
              key: 'text',
              label: t('answers.opinionText'),
              span: 'filled',
              children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{item.text}</Typography.Text>,
            },
            { key: 'reviewer', label: t('answers.reviewer'), children: item.reviewer.name },
            { key: 'unit', label: t('answers.unit'), children: item.unit.name },
            ...(item.sheet
              ? [
                  {
                    key: 'sheet',
                    label: t('answers.opinionSheet'),
                    span: 'filled' as const,
                    children: (
                      <Space wrap>
                        {t('answers.sheetAt', { name: item.sheet.fileName, page: item.sheet.page + 1 })}
                        {opinionSheet && (
                          <Link to={opinionSheet} data-testid="answer-opinion-sheet-link">
                            {t('answers.viewInSheet')}
                          </Link>
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card title={<h2 className="answers-title">{t('answers.answersSection')}</h2>}>
        <Table<OpinionAnswer>
          rowKey="id"
          dataSource={item.answers}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Typography.Text>{t('answers.noAnswers')}</Typography.Text> }}
          data-testid="answer-history"
          columns={[
            {
              title: t('answers.round'),
              key: 'round',
              className: 'answers-nowrap',
              render: (_, a) => t('answers.roundText', { round: a.round }),
            },
            {
              title: t('answers.kind'),
              key: 'kind',
              className: 'answers-nowrap',
              render: (_, a) => ANSWER_KINDS[a.kind][locale],
            },
            {
              title: t('answers.text'),
              key: 'text',
              width: 320,
              render: (_, a) => (
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Typography.Text>
              ),
            },
            { title: t('answers.revisedSheet'), key: 'sheet', render: (_, a) => sheetCell(a) },
            { title: t('answers.answeredBy'), key: 'by', render: (_, a) => a.answeredBy.name },
            { title: t('answers.answeredAt'), key: 'at', render: (_, a) => when(a.answeredAt) },
            {
              title: t('answers.sentAt'),
              key: 'sent',
              render: (_, a) => when(a.sentAt) ?? t('answers.notSent'),
            },
          ]}
        />
      </Card>
      <Card
        title={<h2 className="answers-title">{t('answers.decisionsSection')}</h2>}
        extra={<DecisionControls target={target} item={item} />}
      >
        <Table<OpinionDecisionEntry>
          rowKey={(d) => `${d.round}:${d.at}`}
          dataSource={item.decisions}
          pagination={false}
          locale={{ emptyText: <Typography.Text>{t('answers.noDecisions')}</Typography.Text> }}
          data-testid="answer-decisions"
          columns={[
            {
              title: t('answers.round'),
              key: 'round',
              className: 'answers-nowrap',
              render: (_, d) => t('answers.roundText', { round: d.round }),
            },
            {
              title: t('answers.decision'),
              key: 'decision',
              render: (_, d) => <DecisionSummary decision={d} />,
            },
            { title: t('answers.decisionBy'), key: 'by', render: (_, d) => d.by.name },
            { title: t('answers.decisionAt'), key: 'at', render: (_, d) => when(d.at) },
          ]}
        />
      </Card>
    </Space>
  );
}
