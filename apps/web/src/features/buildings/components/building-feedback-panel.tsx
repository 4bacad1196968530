import { Alert, Card, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Building } from '@drp/domain';
import type { ProjectTarget } from '../../../lib/project-target';
import { useBuildingFeedback } from '../api/get-building-feedback';

/** The review agency's reasons for sending the building back, newest first; nothing when there are none. */
export function BuildingFeedbackPanel({ target, building }: { target: ProjectTarget; building: Building }) {
  const { t } = useTranslation();
  const feedback = useBuildingFeedback(target, building.id);
  if (feedback.isError) return <Alert type="error" showIcon title={feedback.error.message} />;
  const list = feedback.data ?? [];
  if (list.length === 0) return null;
  const latest = list[0]!;
  // Sent back now: the latest reason stands out, the earlier ones follow as history.
  const rejected = building.status === 'REJECTED';
  const history = rejected ? list.slice(1) : list;
  return (
    <Card title={t('buildings.feedback.title')} className="building-section" data-testid="feedback-panel">
      {rejected && (
        <Alert
          type="warning"
          showIcon
          className={history.length > 0 ? 'building-feedback-latest' : undefined}
          title={t('buildings.feedback.rejectedBy', { org: latest.orgName })}
          description={<span data-testid="latest-reason">{latest.reason}</span>}
        />
      )}
      {history.length > 0 && (
        <Timeline
          items={history.map((f) => ({
            key: f.id,
            color: 'red',
            content: (
              <div data-testid="feedback-item">
                <Typography.Text type="secondary" className="nowrap">
                  {dayjs(f.createdAt).format('YYYY-MM-DD HH:mm')} · {f.orgName}
                </Typography.Text>
                <div className="building-feedback-reason">{f.reason}</div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
