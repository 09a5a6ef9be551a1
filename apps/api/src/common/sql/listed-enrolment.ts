/**
 * An enrolment `e` that puts the student in the class: ACTIVE or SUSPENDED (a suspended student
 * still sees the class, its dates and grades). The learner portal, the live sessions' registers
 * and the calendar feed read the same rule.
 */
export const LISTED_ENROLMENT = `e.enrolment_status IN ('ACTIVE', 'SUSPENDED')`;
