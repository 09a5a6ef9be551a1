/** The 404 messages several modules answer for the same missing thing. */
export const COHORT_NOT_FOUND = 'Cohort not found';
export const COURSE_NOT_FOUND = 'Course not found';
