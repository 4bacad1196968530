import { Link } from 'react-router';
import type { DocCategory, HandoverIssue } from '@drp/domain';
import { currentLocale } from '../../../config/i18n';

/**
 * Where each kind of missing thing is fixed, given by the page (the feature knows no routes): a
 * building's page (null: the list), and the repository screen of a category.
 */
export interface HandoverLinks {
  building: (buildingId: string | null) => string;
  category?: Record<DocCategory, string>;
}

const BUILDING_KINDS = new Set<HandoverIssue['kind']>([
  'NO_BUILDINGS',
  'BUILDING_DRAFT',
  'BUILDING_REJECTED',
  'DESIGN_INFO_MISSING',
  'SURVEY_FINDINGS_MISSING',
]);

/** The page that fixes an issue: the building for its data, the folder (or category) for materials. */
export function issueHref(issue: HandoverIssue, links: HandoverLinks): string | null {
  if (BUILDING_KINDS.has(issue.kind)) return links.building(issue.buildingId);
  const screen = issue.category ? links.category?.[issue.category] : undefined;
  if (!screen) return issue.buildingId ? links.building(issue.buildingId) : null;
  return issue.folderId ? `${screen}?folder=${encodeURIComponent(issue.folderId)}` : screen;
}

/** What stands in the way of a hand-over, each item a link to where it is fixed. */
export function HandoverIssueList({
  issues,
  links,
  onFollow,
  testId,
}: {
  issues: readonly HandoverIssue[];
  links: HandoverLinks | undefined;
  /** Called when a link is followed (a dialog closes). */
  onFollow?: () => void;
  testId: string;
}) {
  const locale = currentLocale();
  return (
    <ul className="handover-issues" data-testid={testId}>
      {issues.map((issue, i) => {
        const href = links ? issueHref(issue, links) : null;
        const text = issue.text[locale];
        return (
          <li key={`${issue.kind}-${issue.buildingId ?? ''}-${issue.specialty ?? issue.orgName ?? ''}-${i}`}>
            {href ? (
              <Link to={href} onClick={onFollow} data-kind={issue.kind}>
                {text}
              </Link>
            ) : (
              text
            )}
          </li>
        );
      })}
    </ul>
  );
}
