import type { ReactNode } from 'react';

export interface PageSectionProps {
  /** The id of the section's h2, which names the section. */
  titleId: string;
  title: ReactNode;
  /** The alternate (tinted) background. */
  alt?: boolean;
  id?: string;
  /** Classes of the section, after site-page-section. */
  className?: string;
  /** Classes of the inner container, after ui-page ui-page--gutters. */
  containerClassName?: string;
  children: ReactNode;
}

/** A band of a public page: its container and its h2 title, then the content. */
export function PageSection({ titleId, title, alt, id, className, containerClassName, children }: PageSectionProps) {
  return (
    <section
      id={id}
      className={['site-page-section', alt && 'site-page-section--alt', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <div className={containerClassName ? `ui-page ui-page--gutters ${containerClassName}` : 'ui-page ui-page--gutters'}>
        <h2 id={titleId} className="site-page-section__title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Tiles with a title and a description; numbered when `ordered`. */
export function TileList({
  items,
  ordered,
  className,
}: {
  items: { title: string; description: string }[];
  ordered?: boolean;
  className: string;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={className}>
      {items.map((p) => (
        <li key={p.title} className="site-tile">
          <h3 className="site-tile__title">{p.title}</h3>
          <p>{p.description}</p>
        </li>
      ))}
    </List>
  );
}
