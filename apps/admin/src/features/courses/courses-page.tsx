/** The course list. */
export function CoursesPage() {
  return (
    <section>
      <h1>Courses</h1>
    </section>
  );
}
