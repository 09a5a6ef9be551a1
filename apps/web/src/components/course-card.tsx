import { type Course, courseImage, getCategory, placeholderImage } from '@school/catalogue';
import { AppLink } from '@school/ui';
import type { SyntheticEvent } from 'react';
import './course-card.css';

/** A card image that fails to load gives way to the catalogue's placeholder. */
export function showPlaceholderOnError(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(placeholderImage)) img.src = placeholderImage;
}

export interface CourseCardProps {
  course: Course;
  /** Heading level of the title in the surrounding outline. */
  headingLevel?: 2 | 3;
}

/** A catalogue course as a card linking to /courses/{id}. */
export function CourseCard({ course, headingLevel = 3 }: CourseCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="site-course-card ui-linked-card">
      <img
        className="site-course-card__image"
        src={courseImage(course)}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
        onError={showPlaceholderOnError}
      />
      <div className="site-course-card__body">
        <p className="site-course-card__category">{getCategory(course.path)?.title}</p>
        <Heading className="site-course-card__title">
          <AppLink to={`/courses/${course.id}`} className="ui-linked-card__link">
            {course.title}
          </AppLink>
        </Heading>
        <p className="site-course-card__description">{course.description}</p>
        <ul className="site-course-card__facts" aria-label="Course facts">
          <li>{course.level}</li>
          <li>{course.mode}</li>
          <li>{course.length}</li>
        </ul>
      </div>
    </article>
  );
}
