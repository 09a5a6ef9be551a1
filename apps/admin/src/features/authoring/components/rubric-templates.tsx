import { ADMIN_MESSAGES, isApiError, type RubricTemplate } from '@school/contracts';
import { Button, routeKey, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { useNotify } from '../../../lib/notice';
import { type DraftCriterion, fromDraft } from '../rubric-draft';

/**
 * The school's rubric templates beside a project's rubric: pick one to start from (its criteria and
 * levels, with their descriptions, are copied into the draft), or keep the rubric being authored as
 * a new template for other projects.
 */
export function RubricTemplatePicker({ rubric, onUse }: { rubric: DraftCriterion[]; onUse: (template: RubricTemplate) => void }) {
  const notify = useNotify();
  const templates = useRouteQuery('rubricTemplates', {}, { select: (r) => r.data });
  const [chosen, setChosen] = useState('');
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useRouteMutation('createRubricTemplate', { invalidates: () => [routeKey('rubricTemplates')] });
  const list = templates.data ?? [];

  const onSaveAsTemplate = () => {
    setError(undefined);
    if (!title.trim()) return setError('Give the template a title');
    const checked = fromDraft(rubric);
    if ('error' in checked) return setError(checked.error);
    if (checked.rubric.length === 0) return setError('Add at least one criterion before keeping the rubric as a template');
    create.mutate(
      { body: { title: title.trim(), rubric: checked.rubric } },
      {
        onSuccess: ({ data }) => {
          setTitle('');
          notify.success(`Rubric kept as the template ${data.title}.`);
        },
        onError: (err) => setError(isApiError(err) ? (err.errors?.title ?? err.message) : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="ui-stack admin-authoring__templates">
      <div className="admin-row admin-authoring__template-row">
        <SelectField
          label="Start from a template"
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
          options={[
            { value: '', label: templates.isPending ? 'Loading templates...' : list.length ? 'Choose a template' : 'No templates yet' },
            ...list.map((t) => ({
              value: t.id_slug,
              label: `${t.title} (${t.rubric.length} ${t.rubric.length === 1 ? 'criterion' : 'criteria'})`,
            })),
          ]}
        />
        <Button
          type="button"
          variant="secondary"
          disabled={!chosen}
          onClick={() => {
            const template = list.find((t) => t.id_slug === chosen);
            if (template) onUse(template);
          }}
        >
          Use template
        </Button>
      </div>
      <div className="admin-row admin-authoring__template-row">
        <TextField label="Template title" value={title} onChange={(e) => setTitle(e.target.value)} error={error} />
        <Button type="button" variant="secondary" loading={create.isPending} onClick={onSaveAsTemplate}>
          Save rubric as template
        </Button>
      </div>
    </div>
  );
}
