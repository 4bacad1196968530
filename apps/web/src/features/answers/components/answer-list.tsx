import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Space, Table, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_FILTER_KEYS,
  ANSWER_FILTERS,
  ANSWER_LISTS,
  type AnswerFilter,
  type AnswerItem,
  type AnswerList as AnswerListKey,
  type AnswerPage,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useAnswers, useDictionaryName } from '../api/get-answers';
import type { AnswerLinks } from './answer-links';
import { AnswerForm } from './answer-form';
import { AnswerStateTag, AnswerSummary, DecisionSummary, OpinionClause } from './answer-parts';
import './answers.css';
import '../answers-texts';

const PAGE_SIZE = 20;
type Tab = 'ALL' | AnswerFilter;

const countOf = (counts: AnswerPage['counts'] | undefined, tab: Tab) => {
  if (!counts) return undefined;
  switch (tab) {
    case 'ALL':
      return counts.open + counts.closed;
    case 'UNANSWERED':
      return counts.unanswered;
    case 'ANSWERED':
      return counts.answered;
    case 'CLOSED':
      return counts.closed;
  }
};

/**
 * One answer list (施工图 with survey, or 节能): the application's issued opinions with this
 * round's answer and decision, the caller's unit's unanswered first. The unit answers or changes
 * its answers from here; everything else is in each opinion's detail.
 */
export function AnswerList({
  target,
  list,
  links,
}: {
  target: ProjectTarget;
  list: AnswerListKey;
  links: AnswerLinks;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [tab, setTab] = useState<Tab>('ALL');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AnswerItem | null>(null);
  const answers = useAnswers(target, {
    list,
    filter: tab === 'ALL' ? undefined : tab,
    keyword: keyword || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  const specialtyName = useDictionaryName('specialty');
  const data = answers.data;
  const title = <h1 className="answers-title">{ANSWER_LISTS[list][locale]}</h1>;

  if (answers.isError)
    return (
      <Card title={title} data-testid="answer-list">
        <Alert type="error" showIcon title={t('answers.loadFailed', { message: answers.error.message })} />
      </Card>
    );
  if (data && data.round === null)
    return (
      <Card title={title} data-testid="answer-list">
        <Empty
          data-testid="answer-no-round"
          description={
            <Space orientation="vertical" size={4}>
              <Typography.Text strong>{t('answers.noRound')}</Typography.Text>
              <Typography.Text>{t('answers.noRoundHint')}</Typography.Text>
            </Space>
          }
        />
      </Card>
    );

  const tabs: Tab[] = ['ALL', ...ANSWER_FILTER_KEYS];
  return (
    <Card title={title} data-testid="answer-list" data-list={list}>
      {data && data.counts.mineUnanswered > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('answers.mineUnanswered', { count: data.counts.mineUnanswered })}
          style={{ marginBottom: 16 }}
          data-testid="answer-mine-unanswered"
        />
      )}
      {data?.round && (
        <Typography.Paragraph data-testid="answer-round">
          {t('answers.roundInfo', { round: data.round.number })}
          {links.letterPath && data.counts.answered > 0 && (
            <>
              {' '}
              {/* Underlined: inside a sentence, the link's colour alone is not enough (WCAG 1.4.1). */}
              <Link
                to={links.letterPath(data.round.versionId)}
                style={{ textDecoration: 'underline' }}
                data-testid="answer-letter-link"
              >
                {t('answers.letter')}
              </Link>
            </>
          )}
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as Tab);
          setPage(1);
        }}
        items={tabs.map((key) => {
          const count = countOf(data?.counts, key);
          const name = key === 'ALL' ? t('answers.all') : ANSWER_FILTERS[key][locale];
          return {
            key,
            label: (
              <span data-testid={`answer-tab-${key}`}>
                {name}
                {count !== undefined && ` (${count})`}
              </span>
            ),
          };
        })}
      />
      <Input.Search
        allowClear
        enterButton={t('answers.search')}
        placeholder={t('answers.keywordPlaceholder')}
        aria-label={t('answers.keyword')}
        maxLength={100}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(value) => {
          setKeyword(value.trim());
          setPage(1);
        }}
        data-testid="answer-keyword"
      />
      <Table<AnswerItem>
        rowKey="opinionId"
        loading={answers.isFetching}
        dataSource={data?.items ?? []}
        rowClassName={(o) => (o.mandatory ? 'answer-row-mandatory' : '')}
        onRow={(o) =>
          ({ 'data-testid': `answer-row-${o.opinionId}`, 'data-mandatory': o.mandatory }) as object
        }
        // antd greys the empty row below AA contrast: the words carry the text colour.
        locale={{ emptyText: <Typography.Text>{t('answers.empty')}</Typography.Text> }}
        scroll={{ x: 1100 }}
        data-testid="answer-table"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (total) => t('answers.total', { total }),
          onChange: setPage,
        }}
        columns={[
          {
            title: t('answers.roundNumber'),
            key: 'number',
            className: 'answers-nowrap',
            render: (_, o) => t('answers.roundNumberText', { round: o.round, number: o.number }),
          },
          {
            title: t('answers.buildingSpecialty'),
            key: 'building',
            width: 140,
            render: (_, o) => `${o.buildingName} / ${specialtyName(o.specialty, locale)}`,
          },
          {
            title: t('answers.opinion'),
            key: 'opinion',
            width: 280,
            render: (_, o) => (
              <Space orientation="vertical" size={2}>
                {(o.clause || o.mandatory) && <OpinionClause item={o} />}
                <Typography.Paragraph
                  ellipsis={{ rows: 3, tooltip: o.text }}
                  style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                >
                  {o.text}
                </Typography.Paragraph>
              </Space>
            ),
          },
          { title: t('answers.unit'), key: 'unit', width: 170, render: (_, o) => o.unit.name },
          {
            title: t('answers.state'),
            key: 'state',
            className: 'answers-nowrap',
            render: (_, o) => <AnswerStateTag state={o.state} />,
          },
          {
            title: t('answers.answer'),
            key: 'answer',
            width: 240,
            render: (_, o) =>
              o.answer ? (
                <AnswerSummary answer={o.answer} />
              ) : (
                <Typography.Text data-testid="answer-none">
                  {t(o.state === 'CLOSED' ? 'answers.closedNoAnswer' : 'answers.unanswered')}
                </Typography.Text>
              ),
          },
          {
            title: t('answers.decision'),
            key: 'decision',
            width: 120,
            className: 'answers-nowrap-title',
            render: (_, o) =>
              o.decision ? <DecisionSummary decision={o.decision} /> : t('answers.noDecision'),
          },
          {
            title: t('answers.actions'),
            key: 'actions',
            className: 'answers-nowrap',
            render: (_, o) => (
              <Space size={4}>
                {o.can.answer && (
                  <Button type="link" size="small" onClick={() => setEditing(o)} data-testid="answer-give">
                    {t('answers.give')}
                  </Button>
                )}
                {o.can.changeAnswer && (
                  <Button type="link" size="small" onClick={() => setEditing(o)} data-testid="answer-change">
                    {t('answers.change')}
                  </Button>
                )}
                <Link to={links.detailPath(o.opinionId)} data-testid="answer-detail">
                  {t('answers.detail')}
                </Link>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <AnswerForm
          target={target}
          item={editing}
          versionId={data?.round?.versionId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
