import type { ReactNode } from 'react';

interface PageIntroProps {
  /** A short label above the title. */
  eyebrow?: string;
  title: string;
  /** One or two sentences under the title. */
  lede?: ReactNode;
  children?: ReactNode;
}

/** The heading block that opens a page: the page's one `h1`, with an optional label and lede. */
export function PageIntro({ eyebrow, title, lede, children }: PageIntroProps) {
  return (
    <header className="page-intro">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1 className="page-intro__title">{title}</h1>
        {lede ? <p className="page-intro__lede">{lede}</p> : null}
        {children}
      </div>
    </header>
  );
}
