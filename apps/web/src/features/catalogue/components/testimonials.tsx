import type { Testimonial } from '@atelier/contract';
import { Island } from '../../../components/ui/island';
import YouTubeIsland from '../../../components/ui/youtube.island';

interface TestimonialsProps {
  testimonials: readonly Testimonial[];
  headingId: string;
  title?: string;
}

/** Learner quotes; those with a video play it in place (lite embed, loaded on click). */
export function Testimonials({ testimonials, headingId, title = 'What learners say' }: TestimonialsProps) {
  if (testimonials.length === 0) return null;
  return (
    <section className="workshop-section testimonials" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {title}
      </h2>
      <ul className="testimonials__list">
        {testimonials.map((t) => (
          <li key={`${t.name}:${t.quote.slice(0, 24)}`} className="testimonial">
            <figure>
              {t.youtubeId ? (
                <Island of={YouTubeIsland} props={{ videoId: t.youtubeId, title: `${t.name} on Atelier` }} />
              ) : null}
              <blockquote className="testimonial__quote">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="testimonial__by">
                <span className="avatar" aria-hidden="true">
                  {initials(t.name)}
                </span>
                <span>
                  <span className="testimonial__name">{t.name}</span>
                  <span className="testimonial__role">{t.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `'Aditi Sharma'` → `'AS'`, for an avatar without a photo. */
export function initials(name: string): string {
  return name
    .replace(/^(Ar|Dr)\.\s+/, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
