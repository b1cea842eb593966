import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AlarmLink } from '../alarm-config';

/** A configured alarm link: inside the app a router link, on another origin a plain link (same tab). */
export function AlarmLinkView({
  link,
  onClick,
  testId,
  children,
}: {
  link: AlarmLink;
  onClick?: () => void;
  testId?: string;
  children: ReactNode;
}) {
  if (link.external)
    return (
      <a href={link.href} data-origin-id={link.originId} data-testid={testId} onClick={onClick}>
        {children}
      </a>
    );
  return (
    <Link to={link.href} data-origin-id={link.originId} data-testid={testId} onClick={onClick}>
      {children}
    </Link>
  );
}
