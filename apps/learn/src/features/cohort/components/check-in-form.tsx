import { isApiError, type StudentLiveSession } from '@school/contracts';
import { Button, routeKey, TextField, useRouteMutation } from '@school/ui';
import { type FormEvent, useState } from 'react';

/**
 * Check-in to an on-site session with the code on the room's screen (typed, or filled in from the
 * QR's address); the class's sessions are read again so the mark shows.
 */
export function CheckInForm({ cohortId, session, initialCode }: { cohortId: string; session: StudentLiveSession; initialCode: string }) {
  const [code, setCode] = useState(initialCode);
  const checkIn = useRouteMutation('userSessionCheckIn', { invalidates: () => [routeKey('userCohortSessions')] });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    checkIn.mutate({ params: { cohortId, sessionId: session.id_slug }, body: { code: code.trim() } });
  };
  const error = checkIn.error
    ? isApiError(checkIn.error)
      ? (checkIn.error.errors?.code ?? checkIn.error.message)
      : 'Could not check you in. Please try again.'
    : undefined;
  if (checkIn.data) return <output className="learn-sessions__checked">{checkIn.data.message}</output>;
  return (
    <form className="learn-check-in" onSubmit={submit} aria-label={`Check in to ${session.title}`} noValidate>
      <TextField
        label="Check-in code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        error={error}
        hint="The six digits on the screen in the room"
      />
      <Button type="submit" loading={checkIn.isPending} disabled={code.length !== 6}>
        Check in
      </Button>
    </form>
  );
}
