import type { CourseModule } from '@school/catalogue';
import { ChevronDownIcon, cx } from '@school/ui';
import { useId, useState } from 'react';
import '../courses.css';

/** One curriculum module, numbered from 1, opened and closed by a click. */
function ModuleItem({ module, number }: { module: CourseModule; number: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={cx('site-curriculum__module', open && 'site-curriculum__module--open')}>
      <h3 className="site-curriculum__heading">
        <button
          type="button"
          className="site-curriculum__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="site-curriculum__number">{`Module ${number}`}</span>{' '}
          <span className="site-curriculum__title">{module.title}</span>
          <ChevronDownIcon className="site-curriculum__chevron" aria-hidden="true" />
        </button>
      </h3>
      <ul id={panelId} className="site-curriculum__points" hidden={!open}>
        {module.descriptions.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
    </li>
  );
}

export function Curriculum({ modules }: { modules: readonly CourseModule[] }) {
  return (
    <ol className="site-curriculum">
      {modules.map((m, i) => (
        <ModuleItem key={m.title} module={m} number={i + 1} />
      ))}
    </ol>
  );
}
