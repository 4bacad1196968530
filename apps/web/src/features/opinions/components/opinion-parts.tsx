import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ENERGY_OPINION_KEYS,
  OPINION_STATUSES,
  type ClauseVersionWithStandard,
  type Opinion,
  type OpinionStatus,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import { useOpinionTypes } from '../api/opinions-api';
import '../opinions-texts';

/** Blue recorded, grey draft, red returned: with the word, never by colour alone. */
const COLORS: Record<OpinionStatus, string> = { DRAFT: 'default', RECORDED: 'blue', RETURNED: 'red' };

export function OpinionStatusTag({ status }: { status: OpinionStatus }) {
  return (
    <Tag color={COLORS[status]} data-testid="opinion-status" data-status={status}>
      {OPINION_STATUSES[status][currentLocale()]}
    </Tag>
  );
}

/** 强条: the mark of an opinion on a mandatory clause, in words and red. */
export function MandatoryTag() {
  const { t } = useTranslation();
  return (
    <Tag color="error" data-testid="opinion-mandatory" style={{ marginInlineEnd: 4 }}>
      {t('opinions.mandatory')}
    </Tag>
  );
}

/** `GB 55001-2021 第2.0.1条 title`, as it was cited. */
export function ClauseLabel({
  clause,
  withText = false,
}: {
  clause: ClauseVersionWithStandard;
  withText?: boolean;
}) {
  const { t } = useTranslation();
  const zh = currentLocale() === 'zh-CN';
  return (
    <span>
      {clause.mandatory && <MandatoryTag />}
      <Typography.Text strong>
        {t('opinions.clauseVersion', { code: clause.standard.code, number: clause.number })}
      </Typography.Text>{' '}
      {zh ? clause.title : clause.titleEn}
      {withText && clause.text && (
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="opinion-clause-text">
          {clause.text}
        </Typography.Paragraph>
      )}
    </span>
  );
}

/** The opinion type's name from the opinionType dictionary, or the energy finding beside it. */
export function useTypeName() {
  const types = useOpinionTypes();
  const locale = currentLocale();
  return (o: Pick<Opinion, 'opinionType' | 'energyKey'>) => {
    const item = types.data?.items.find((i) => i.code === o.opinionType);
    const name = item ? (locale === 'en-US' ? item.nameEn : item.name) : o.opinionType;
    return o.energyKey ? `${name} · ${ENERGY_OPINION_KEYS[o.energyKey][locale]}` : name;
  };
}
