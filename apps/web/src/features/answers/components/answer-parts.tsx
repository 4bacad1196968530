import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ANSWER_KINDS,
  OPINION_DECISIONS,
  OPINION_STATES,
  type AnswerItem,
  type OpinionAnswer,
  type OpinionDecisionEntry,
  type OpinionState,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import '../answers-texts';

/** OPEN in orange, CLOSED in green; the word says it too, so colour is never the only sign. */
export function AnswerStateTag({ state }: { state: OpinionState }) {
  return (
    <Tag color={state === 'OPEN' ? 'orange' : 'green'} data-testid="answer-state" data-state={state}>
      {OPINION_STATES[state][currentLocale()]}
    </Tag>
  );
}

/** 强条: a red tag with its word, as the opinion lists mark it. */
export function MandatoryMark() {
  const { t } = useTranslation();
  return (
    <Tag color="error" data-testid="answer-mandatory" style={{ marginInlineEnd: 4 }}>
      {t('answers.mandatory')}
    </Tag>
  );
}

/** The clause's label (with its 强条 mark), as the opinion cites it. */
export function OpinionClause({ item }: { item: Pick<AnswerItem, 'clause' | 'mandatory'> }) {
  const { t } = useTranslation();
  return (
    <span>
      {item.mandatory && <MandatoryMark />}
      {item.clause ? <Typography.Text strong>{item.clause.label}</Typography.Text> : t('answers.noClause')}
    </span>
  );
}

/** "已修改图纸：text" or "说明不修改：text"; the kind bold so it reads before the words. */
export function AnswerSummary({ answer }: { answer: OpinionAnswer }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph
      ellipsis={{ rows: 3, tooltip: answer.text }}
      style={{ margin: 0, whiteSpace: 'pre-wrap' }}
      data-testid="answer-summary"
      data-kind={answer.kind}
    >
      <Typography.Text strong>{ANSWER_KINDS[answer.kind][currentLocale()]}</Typography.Text>
      {t('answers.kindSeparator')}
      {answer.text}
    </Typography.Paragraph>
  );
}

const DECISION_COLORS = { CLOSE: 'green', KEEP: 'orange', REOPEN: 'red' } as const;

/** A reviewer's decision with its remark; one not yet issued says so beside it. */
export function DecisionSummary({ decision }: { decision: OpinionDecisionEntry }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2} data-testid="answer-decision" data-decision={decision.decision}>
      <Space size={4} wrap>
        <Tag color={DECISION_COLORS[decision.decision]}>
          {OPINION_DECISIONS[decision.decision][currentLocale()]}
        </Tag>
        {!decision.issued && <Typography.Text>{t('answers.notIssued')}</Typography.Text>}
      </Space>
      {decision.remark && <Typography.Text>{decision.remark}</Typography.Text>}
    </Space>
  );
}
