import type { ReactNode } from 'react';

export interface PageSectionProps {
  /** The id of the section's h2, which names the section. */
  titleId: string;
  title: ReactNode;
  /** The alternate (tinted) background. */
  alt?: boolean;
  id?: string;
  /** Classes of the section, after page-section. */
  className?: string;
  /** Classes of the inner container, after site-container. */
  containerClassName?: string;
  children: ReactNode;
}

/** A band of a public page: its container and its h2 title, then the content. */
export function PageSection({ titleId, title, alt, id, className, containerClassName, children }: PageSectionProps) {
  return (
    <section
      id={id}
      className={['page-section', alt && 'page-section--alt', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
    >
      <div className={containerClassName ? `site-container ${containerClassName}` : 'site-container'}>
        <h2 id={titleId} className="page-section__title">
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
        <li key={p.title} className="tile">
          <h3 className="tile__title">{p.title}</h3>
          <p>{p.description}</p>
        </li>
      ))}
    </List>
  );
}
