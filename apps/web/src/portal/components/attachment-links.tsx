import type { PortalAttachment } from '@drp/domain';
import { formatSize } from './format';

/** Attachments as plain download links (the server serves them as attachments too). */
export function AttachmentLinks({
  attachments,
  testId = 'portal-attachment',
}: {
  attachments: PortalAttachment[];
  testId?: string;
}) {
  return (
    <ul className="portal-attachments">
      {attachments.map((a) => (
        <li key={a.id}>
          <svg
            className="portal-attachment-icon"
            viewBox="0 0 16 16"
            width="16"
            height="16"
            aria-hidden="true"
          >
            <path d="M4 1h5l3 3v11H4z" fill="none" stroke="currentColor" strokeWidth="1.3" />
            <path d="M9 1v3h3" fill="none" stroke="currentColor" strokeWidth="1.3" />
          </svg>
          <a href={a.url} download={a.name} data-testid={testId}>
            {a.name}
          </a>
          <span className="portal-muted"> ({formatSize(a.size)})</span>
        </li>
      ))}
    </ul>
  );
}
