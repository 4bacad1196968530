import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ReviewRecordBuilding, ReviewRecordSummary } from '@drp/domain';
import { isNotFound } from '../api/portal-http';
import { reviewBuildingQuery, reviewRecordQuery } from '../api/portal-queries';
import { Breadcrumb } from '../components/breadcrumb';
import { LoadError, Loading } from '../components/page-state';
import { useDocumentTitle } from '../components/use-document-title';
import { usePortalI18n } from '../i18n/portal-i18n';
import type { MessageKey } from '../i18n/portal-messages-zh-cn';
import { REVIEW_RECORDS_PATH, reviewBuildingPath, reviewRecordPath } from '../portal-paths';

/** Label and value pairs of one section, two columns on a wide screen. */
function Facts({ rows }: { rows: [MessageKey, ReactNode][] }) {
  const { t } = usePortalI18n();
  return (
    <dl className="portal-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="portal-fact">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="portal-record-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** What a missing record shows: the same words for "not filed yet" and "no such id". */
function RecordNotFound() {
  const { t } = usePortalI18n();
  return (
    <div className="portal-page" data-testid="record-not-found">
      <Breadcrumb items={[{ label: t('menu.reviewRecords'), to: REVIEW_RECORDS_PATH }]} />
      <p className="portal-notice" role="alert">
        {t('records.notFound')}
      </p>
      <Link className="portal-button" to={REVIEW_RECORDS_PATH}>
        {t('records.back')}
      </Link>
    </div>
  );
}

function StatusTag({ record }: { record: ReviewRecordSummary }) {
  const { messages } = usePortalI18n();
  const valid = record.certificateStatus === 'ISSUED';
  return (
    <span
      className={`portal-tag ${valid ? 'portal-tag-commendation' : 'portal-tag-criticism'}`}
      data-testid="record-certificate-status"
    >
      {messages.certificateStatuses[record.certificateStatus]}
    </span>
  );
}

const number = (n: number, locale: string) => n.toLocaleString(locale, { maximumFractionDigits: 2 });

function BuildingTable({ buildings }: { buildings: ReviewRecordBuilding[] }) {
  const { t, locale } = usePortalI18n();
  const columns: MessageKey[] = [
    'records.building',
    'records.use',
    'records.structure',
    'records.floors',
    'records.height',
    'records.floorArea',
  ];
  return (
    <table className="portal-table">
      <caption className="sr-only">{t('records.buildings')}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {t(c)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buildings.map((b) => (
          <tr key={b.id} data-testid="record-building">
            <th scope="row" data-label={t('records.building')}>
              <Link to={reviewBuildingPath(b.id)}>{b.name}</Link>
            </th>
            <td data-label={t('records.use')}>{b.useName}</td>
            <td data-label={t('records.structure')}>{b.structureName}</td>
            <td data-label={t('records.floors')}>
              {b.floorsAbove} / {b.floorsBelow}
            </td>
            <td data-label={t('records.height')}>{number(b.height, locale)}</td>
            <td data-label={t('records.floorArea')}>{number(b.floorArea, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/common/reviewInfoSearch/buildingFilingDetail/{id}`: one confirmed record (the filing's id):
 * the application, the parties with their credit codes, the review's facts as filed, and the
 * buildings, each opening its own page.
 */
export function ReviewRecordPage() {
  const { id = '' } = useParams();
  const { t, messages, locale } = usePortalI18n();
  const record = useQuery(reviewRecordQuery(id));
  useDocumentTitle(record.data?.projectName ?? t('records.detailTitle'));
  if (record.isPending) return <Loading lines={10} />;
  if (record.isError)
    return isNotFound(record.error) ? (
      <RecordNotFound />
    ) : (
      <LoadError onRetry={() => void record.refetch()} />
    );
  const r = record.data;
  const yesNo = (value: boolean) => t(value ? 'records.yes' : 'records.no');
  return (
    <article className="portal-page" data-testid="review-record-detail">
      <Breadcrumb
        items={[
          { label: t('menu.reviewRecords'), to: REVIEW_RECORDS_PATH },
          { label: t('records.detailTitle') },
        ]}
      />
      <h1 className="portal-page-title">{r.projectName}</h1>
      <Section title={t('records.project')}>
        <Facts
          rows={[
            ['records.projectCode', r.projectCode],
            [
              'records.certificateNo',
              <>
                {r.certificateNo} <StatusTag record={r} />
              </>,
            ],
            ['records.region', r.regionName],
            ['records.location', r.location || t('records.none')],
            ['records.projectType', r.projectTypeName || t('records.none')],
            ['records.area', number(r.area, locale)],
            ['records.investment', r.investment === null ? t('records.none') : number(r.investment, locale)],
            ['records.authority', r.authorityName],
            ['records.filedOn', r.filedOn],
          ]}
        />
      </Section>
      <Section title={t('records.parties')}>
        <table className="portal-table">
          <caption className="sr-only">{t('records.parties')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('records.role')}</th>
              <th scope="col">{t('records.orgName')}</th>
              <th scope="col">{t('records.creditCode')}</th>
            </tr>
          </thead>
          <tbody>
            {r.parties.map((p) => (
              <tr key={`${p.role}-${p.name}`} data-testid="record-party">
                <td data-label={t('records.role')}>{messages.partyRoles[p.role]}</td>
                <th scope="row" data-label={t('records.orgName')}>
                  {p.name}
                </th>
                <td data-label={t('records.creditCode')} className="portal-nowrap">
                  {p.creditCode ?? t('records.none')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title={t('records.review')}>
        <Facts
          rows={[
            ['records.specialties', r.specialties.join('、') || t('records.none')],
            [
              'records.reviewers',
              r.reviewers.map((v) => `${v.specialtyName} ${v.name}`).join('；') || t('records.none'),
            ],
            ['records.firstRound', yesNo(r.firstRoundPassed)],
            ['records.mandatoryCount', r.mandatoryCount],
            ['records.mandatoryClauses', r.mandatoryClauses.join('；') || t('records.none')],
            ['records.rounds', r.rounds],
            ['records.completedOn', r.completedOn],
            ['records.issuedOn', r.issuedOn ?? t('records.none')],
            ['records.jointReview', yesNo(r.jointReview)],
            ['records.fireReview', r.fireReview],
            ['records.civilDefenceReview', r.civilDefenceReview],
          ]}
        />
      </Section>
      <Section title={t('records.buildings')}>
        {r.buildings.length ? (
          <BuildingTable buildings={r.buildings} />
        ) : (
          <p className="portal-empty">{t('records.none')}</p>
        )}
      </Section>
      <p>
        <Link className="portal-button" to={REVIEW_RECORDS_PATH}>
          {t('records.back')}
        </Link>
      </p>
    </article>
  );
}

/**
 * `/common/reviewInfoSearch/buildingFilingDetail2/{id}`: one building of a confirmed record (the
 * building's id), with its design and survey units and the way back to the record.
 */
export function ReviewBuildingPage() {
  const { id = '' } = useParams();
  const { t, messages, locale } = usePortalI18n();
  const building = useQuery(reviewBuildingQuery(id));
  useDocumentTitle(building.data?.name ?? t('records.buildingTitle'));
  if (building.isPending) return <Loading lines={8} />;
  if (building.isError)
    return isNotFound(building.error) ? (
      <RecordNotFound />
    ) : (
      <LoadError onRetry={() => void building.refetch()} />
    );
  const b = building.data;
  return (
    <article className="portal-page" data-testid="review-building-detail">
      <Breadcrumb
        items={[
          { label: t('menu.reviewRecords'), to: REVIEW_RECORDS_PATH },
          { label: b.record.projectName, to: reviewRecordPath(b.record.id) },
          { label: t('records.buildingTitle') },
        ]}
      />
      <h1 className="portal-page-title">{b.name}</h1>
      <Section title={t('records.buildingTitle')}>
        <Facts
          rows={[
            [
              'records.belongsTo',
              <Link key="record" to={reviewRecordPath(b.record.id)}>
                {b.record.projectName}
              </Link>,
            ],
            [
              'records.certificateNo',
              <>
                {b.record.certificateNo} <StatusTag record={b.record} />
              </>,
            ],
            ['records.use', b.useName],
            ['records.structure', b.structureName],
            ['records.floors', `${b.floorsAbove} / ${b.floorsBelow}`],
            ['records.height', number(b.height, locale)],
            ['records.floorArea', number(b.floorArea, locale)],
            ['records.seismic', b.seismicName],
            ['records.fireRating', b.fireRatingName],
            ['records.climatic', b.climaticRegionName],
            [
              'records.units',
              b.units.map((u) => `${messages.partyRoles[u.role]}：${u.name}`).join('；') || t('records.none'),
            ],
          ]}
        />
      </Section>
      <p>
        <Link className="portal-button" to={reviewRecordPath(b.record.id)}>
          {t('records.belongsTo')}：{b.record.projectName}
        </Link>
      </p>
    </article>
  );
}
