import type { AdminCourse, AdminModule } from '@school/contracts';
import { useCallback, useState, type SetStateAction } from 'react';
import { appendModule, draftFrom, isChanged, type Draft } from './curriculum-model';

interface State {
  /** The server's modules the saved version was made from. */
  modules: AdminModule[];
  saved: Draft;
  draft: Draft;
}

export interface CurriculumDraft {
  saved: Draft;
  draft: Draft;
  /** Whether the draft has changes that are not saved. */
  changed: boolean;
  setDraft: (update: SetStateAction<Draft>) => void;
  discard: () => void;
  /** After a save: the server's curriculum becomes both the saved version and the draft. */
  markSaved: (modules: AdminModule[]) => void;
}

/**
 * The curriculum editor's draft, held by the course page so that it outlives the Curriculum tab
 * (switching tabs keeps unsaved edits). When the course is loaded again, an untouched draft
 * follows the server; an edited one is kept, gaining only the modules the server has that the
 * editor never knew (added through add-module).
 */
export function useCurriculumDraft(course: AdminCourse): CurriculumDraft {
  const [state, setState] = useState<State>(() => {
    const saved = draftFrom(course.modules);
    return { modules: course.modules, saved, draft: saved };
  });

  let current = state;
  if (state.modules !== course.modules) {
    const saved = draftFrom(course.modules);
    let draft = saved;
    if (isChanged(state.draft, state.saved)) {
      const known = new Set([...state.saved, ...state.draft].map((m) => m.id_slug));
      draft = saved
        .filter((m) => !known.has(m.id_slug))
        .reduce((d, m) => appendModule(d, { id_slug: m.id_slug!, title: m.title }), state.draft);
    }
    current = { modules: course.modules, saved, draft };
    setState(current);
  }

  const setDraft = useCallback(
    (update: SetStateAction<Draft>) => setState((s) => ({ ...s, draft: typeof update === 'function' ? update(s.draft) : update })),
    [],
  );
  const discard = useCallback(() => setState((s) => ({ ...s, draft: s.saved })), []);
  const markSaved = useCallback((modules: AdminModule[]) => {
    const saved = draftFrom(modules);
    setState((s) => ({ ...s, saved, draft: saved }));
  }, []);

  return { saved: current.saved, draft: current.draft, changed: isChanged(current.draft, current.saved), setDraft, discard, markSaved };
}
