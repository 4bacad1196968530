import { Alert, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  PROJECT_SCALES,
  REVIEW_TRACKS,
  SURVEY_GRADES,
  type ProjectScale,
  type ReviewClockTrack,
  type SurveyGrade,
} from '@drp/domain';
import { currentLocale } from '../../../config/i18n';
import type { ProjectTarget } from '../../../lib/project-target';
import { useReviewClock } from '../api/get-review-clock';
import '../calendar-texts';

/** One track's state in a word: overdue in red, paused, the year not entered, or days left. */
export function ReviewClockBadge({ clock }: { clock: ReviewClockTrack }) {
  const { t } = useTranslation();
  if (!clock.startedOn) return <Tag>{t('calendar.clock.notStarted')}</Tag>;
  if (clock.overdue) return <Tag color="red">{t('calendar.clock.overdue')}</Tag>;
  if (clock.stopped) return <Tag>{t('calendar.clock.stopped')}</Tag>;
  if (clock.paused) return <Tag color="gold">{t('calendar.clock.paused')}</Tag>;
  if (clock.unenteredYear !== null)
    return <Tag color="gold">{t('calendar.clock.unentered', { year: clock.unenteredYear })}</Tag>;
  return <Tag color="blue">{t('calendar.clock.left', { left: clock.left })}</Tag>;
}

function basisText(clock: ReviewClockTrack, t: TFunction) {
  const locale = currentLocale();
  if (clock.track === 'DESIGN')
    return t('calendar.clock.basisScale', {
      scale: PROJECT_SCALES[clock.basis as ProjectScale]?.[locale] ?? clock.basis,
      limit: clock.limit,
    });
  const grade = SURVEY_GRADES[clock.basis as SurveyGrade]?.[locale];
  return grade
    ? t('calendar.clock.basisGrade', { grade, limit: clock.limit })
    : t('calendar.clock.basisGradeUnknown', { limit: clock.limit });
}

function TrackItems({ clock }: { clock: ReviewClockTrack }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={4}>
      <Space wrap>
        <ReviewClockBadge clock={clock} />
        {clock.startedOn && (
          <Typography.Text type={clock.overdue ? 'danger' : undefined}>
            {t('calendar.clock.used', { used: clock.used, limit: clock.limit })}
          </Typography.Text>
        )}
        {clock.due && <Typography.Text strong>{t('calendar.clock.due', { due: clock.due })}</Typography.Text>}
      </Space>
      {clock.rounds.length > 0 && (
        <Typography.Text>
          {t('calendar.clock.rounds', {
            list: clock.rounds
              .map((days, i) => t('calendar.clock.round', { round: i + 1, days }))
              .join(t('calendar.clock.roundSeparator')),
          })}
        </Typography.Text>
      )}
      {clock.applicantDays > 0 && (
        <Typography.Text>{t('calendar.clock.applicant', { days: clock.applicantDays })}</Typography.Text>
      )}
      <Typography.Text type="secondary">{basisText(clock, t)}</Typography.Text>
    </Space>
  );
}

/**
 * The review clocks of an application (住建部令第13号 art. 12), the same for every party: days used
 * and left, the due date, paused while the documents are with the applicant, overdue in red, and
 * a warning when a year the count needs is not entered in the calendar; the days of each review
 * round and the applicant's days apart (issue 20).
 */
export function ReviewClockCard({ target }: { target: ProjectTarget }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { data, error } = useReviewClock(target);
  if (error)
    return <Alert type="error" showIcon title={t('calendar.clock.loadFailed', { message: error.message })} />;
  if (!data) return null;
  const tracks = [data.design, ...(data.survey ? [data.survey] : [])];
  return (
    <Card size="small" title={<h2 style={{ font: 'inherit', margin: 0 }}>{t('calendar.clock.title')}</h2>}>
      <dl style={{ margin: 0 }}>
        {tracks.map((clock) => (
          <div key={clock.track} style={{ marginBottom: 8 }}>
            <dt style={{ fontWeight: 600 }}>{REVIEW_TRACKS[clock.track][locale]}</dt>
            <dd style={{ margin: '4px 0 0' }}>
              <TrackItems clock={clock} />
            </dd>
          </div>
        ))}
      </dl>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('calendar.clock.rule')}
      </Typography.Text>
    </Card>
  );
}
