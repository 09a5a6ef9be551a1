import { LESSON_TYPE_LABELS, type AdminCourse } from '@school/contracts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import '../courses.css';

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

/** Active, total and dropped students, course completion, and completion per module with its lessons. */
export function EngagementTab({ course }: { course: AdminCourse }) {
  const e = course.engagement;
  const data = e.modules_engagement.map((m, i) => ({ name: `${i + 1}. ${m.module_title}`, completion: m.module_completion_percentage }));
  return (
    <div className="ui-stack">
      <dl className="admin-stats">
        <div className="admin-stat">
          <dt>Active students</dt>
          <dd>{e.active_students}</dd>
        </div>
        <div className="admin-stat">
          <dt>Total students</dt>
          <dd>{e.total_students}</dd>
        </div>
        <div className="admin-stat">
          <dt>Dropped</dt>
          <dd>{e.total_dropped}</dd>
        </div>
        <div className="admin-stat">
          <dt>Course completion</dt>
          <dd>{pct(e.course_completion_percentage)}</dd>
        </div>
      </dl>

      {e.modules_engagement.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">This course has no modules yet.</p>
      ) : (
        <>
          <figure className="admin-card admin-chart">
            <figcaption className="admin-section-title">Completion by module</figcaption>
            <div className="admin-chart__canvas">
              <ResponsiveContainer width="100%" height={Math.max(160, data.length * 48 + 40)}>
                {/* The chart's own drawing (an svg, an image to assistive technology) is named with every
                    figure it shows; the same figures are listed below, so it needs no keyboard layer. */}
                <BarChart
                  data={data}
                  layout="vertical"
                  margin={{ top: 8, right: 24, bottom: 8, left: 8 }}
                  accessibilityLayer={false}
                  aria-label={`Bar chart of completion by module: ${e.modules_engagement.map((m) => `${m.module_title} ${pct(m.module_completion_percentage)}`).join(', ')}.`}
                >
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
                  <YAxis type="category" dataKey="name" width={140} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(v) => [pct(Number(v)), 'Completion']} />
                  <Bar dataKey="completion" fill="#0f766e" radius={[0, 4, 4, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </figure>

          <section aria-labelledby="module-engagement" className="ui-stack">
            <h2 id="module-engagement" className="admin-section-title">
              Modules and their lessons
            </h2>
            {e.modules_engagement.map((m, i) => (
              <details key={m.module_id_slug} className="admin-card admin-engagement-module">
                <summary>
                  <span className="admin-engagement-module__title">
                    {i + 1}. {m.module_title}
                  </span>
                  <span className="admin-engagement-module__value">{pct(m.module_completion_percentage)} complete</span>
                </summary>
                {m.lessons_engagement.length === 0 ? (
                  <p className="ui-muted ui-muted--small">No lessons.</p>
                ) : (
                  <ol className="admin-engagement-module__lessons">
                    {m.lessons_engagement.map((l) => (
                      <li key={l.lesson_id_slug}>
                        {l.lesson_title} <span className="ui-muted ui-muted--small">· {LESSON_TYPE_LABELS[l.lesson_lesson_type]}</span>
                      </li>
                    ))}
                  </ol>
                )}
              </details>
            ))}
          </section>
        </>
      )}
    </div>
  );
}
