import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from './responsive-image';
import './media-card.css';

interface MediaCardProps {
  /** Where the card leads; the title is the link and the whole card is its target. */
  to: string;
  title: string;
  image: string | null;
  /** Short label above the title (category, place). */
  eyebrow?: ReactNode;
  /** A line or two under the title. */
  children?: ReactNode;
  /** Bottom row (price, reading time). */
  footer?: ReactNode;
  headingLevel?: 2 | 3;
  /** The cover drawn when there is no image (a warm paper pattern). */
  coverVariant?: number;
  priority?: boolean;
}

const MEDIA_IMAGE_SIZES = '(min-width: 1240px) 380px, (min-width: 640px) 45vw, 90vw';

/** An article, trip or resource in a list: cover, label, title link, text and a footer row. */
export function MediaCard({
  to,
  title,
  image,
  eyebrow,
  children,
  footer,
  headingLevel = 3,
  coverVariant = 0,
  priority = false,
}: MediaCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="media-card">
      <div className={`media-card__cover cover cover--${coverVariant % 6}`}>
        {image ? (
          <ResponsiveImage
            src={image}
            width={640}
            height={400}
            sizes={MEDIA_IMAGE_SIZES}
            priority={priority}
          />
        ) : null}
      </div>
      <div className="media-card__body">
        {eyebrow ? <p className="media-card__eyebrow">{eyebrow}</p> : null}
        <Heading className="media-card__title">
          <Link to={to} className="media-card__link">
            {title}
          </Link>
        </Heading>
        {children ? <div className="media-card__text">{children}</div> : null}
        {footer ? <div className="media-card__footer">{footer}</div> : null}
      </div>
    </article>
  );
}
