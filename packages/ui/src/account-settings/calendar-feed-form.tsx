import type { CalendarFeed } from '@school/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../button/button';
import { formatDateTime } from '../format/format';
import { useConfirm } from '../modal/confirm-dialog';
import { routeQueryKey, useRouteMutation, useRouteQuery } from '../route-query/route-query';
import { TextField } from '../text-field/text-field';

/**
 * The user's private calendar address (ICS): made here, shown once (only its hash is kept), copied
 * into a calendar app; a new address stops the old, and the feed can be stopped.
 */
export function CalendarFeedForm() {
  const feed = useRouteQuery('calendarFeed', {}, { select: (r) => r.data });
  const { confirm, dialog } = useConfirm();
  // The address, from the answer that made it: the only time it can be shown.
  const [made, setMade] = useState<CalendarFeed | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // Each answer is the feed as it now is: written into the read (without the address), no refetch.
  const written = {
    invalidates: () => [],
    onSuccess: (answer: { data: CalendarFeed }, _vars: unknown, queryClient: QueryClient) =>
      queryClient.setQueryData(routeQueryKey('calendarFeed', {}), { data: { ...answer.data, url: null } }),
  };
  const create = useRouteMutation('calendarFeedCreate', written);
  const revoke = useRouteMutation('calendarFeedRevoke', written);
  const since = made?.created_at ?? feed.data?.created_at ?? null;

  const makeAddress = async () => {
    if (
      since &&
      !(await confirm({
        title: 'Make a new address?',
        message: 'Calendars that use your current address stop updating.',
        confirmLabel: 'Make a new address',
      }))
    )
      return;
    setStatus(null);
    try {
      setMade((await create.mutateAsync({})).data);
    } catch {
      setStatus('Could not make the address. Please try again.');
    }
  };
  const stop = async () => {
    if (
      !(await confirm({
        title: 'Stop your calendar feed?',
        message: 'Calendars that use its address stop updating.',
        confirmLabel: 'Stop the feed',
        tone: 'danger',
      }))
    )
      return;
    try {
      await revoke.mutateAsync({});
      setMade(null);
      setStatus('Your calendar feed is stopped.');
    } catch {
      setStatus('Could not stop the feed. Please try again.');
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made!.url!);
      setStatus('Address copied.');
    } catch {
      setStatus('Select the address and copy it.');
    }
  };

  return (
    <div className="ui-settings-form">
      <p className="ui-settings__muted">
        Add your live sessions, deadlines and result dates to Google Calendar, Outlook or Apple Calendar: subscribe to your private address
        there, and your calendar follows every change. Anyone with the address can read these dates.
      </p>
      {made?.url ? (
        <>
          <TextField
            label="Your calendar address"
            value={made.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            hint="Copy it now: it is shown only once."
          />
          <div className="ui-settings__buttons">
            <Button type="button" onClick={() => void copy()}>
              Copy address
            </Button>
          </div>
        </>
      ) : (
        since && <p>You have a calendar address, made {formatDateTime(since)}. To see it again, make a new one.</p>
      )}
      <div className="ui-settings__buttons">
        <Button
          type="button"
          variant={since ? 'secondary' : 'primary'}
          loading={create.isPending}
          disabled={feed.isPending}
          onClick={() => void makeAddress()}
        >
          {since ? 'Make a new address' : 'Make my calendar address'}
        </Button>
        {since && (
          <Button type="button" variant="ghost" loading={revoke.isPending} onClick={() => void stop()}>
            Stop the feed
          </Button>
        )}
      </div>
      <output className="ui-settings__muted ui-settings__saved">{status}</output>
      {dialog}
    </div>
  );
}
