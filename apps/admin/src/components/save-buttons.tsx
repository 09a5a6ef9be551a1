import { Button } from '@school/ui';

/**
 * An editor's "Discard changes" and save buttons: both wait for a change, the save button shows
 * "Saving..." while it runs. Without `onSave` the save button submits the form.
 */
export function SaveButtons({
  dirty,
  saving,
  onDiscard,
  onSave,
  saveLabel = 'Save',
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave?: () => void;
  saveLabel?: string;
}) {
  return (
    <>
      <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
        Discard changes
      </Button>
      <Button type={onSave ? 'button' : 'submit'} disabled={!dirty} loading={saving} onClick={onSave}>
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </>
  );
}
