import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SafeLink } from '../../lib/links';

interface SmartLinkProps {
  link: SafeLink;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** A checked link (see `toSafeLink`): client-side navigation inside the app, a plain anchor outside. */
export function SmartLink({ link, className, children, onClick }: SmartLinkProps) {
  if (link.kind === 'internal') {
    return (
      <Link to={link.to} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={link.href} className={className} onClick={onClick} rel="noopener noreferrer">
      {children}
    </a>
  );
}
