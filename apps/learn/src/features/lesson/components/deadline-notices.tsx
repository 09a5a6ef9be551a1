import { EXTENDED_DEADLINE_PREFIX, type LatePolicy, lateSubmitNotice, type StudentExtension } from '@school/contracts';
import { formatDateTime } from '@school/ui';

/**
 * What a student reads on a quiz or project page about their own dates: the extension they were
 * given (their deadline, or their late deadline when only that moved, and extra attempts), and,
 * when handing in now would be late, what it costs.
 */
export function extensionText(
  extension: StudentExtension | null,
  deadline: string | null,
  lateDeadline: string | null = null,
): string | null {
  if (!extension) return null;
  const parts: string[] = [];
  if (extension.deadline_datetime && deadline) parts.push(`${EXTENDED_DEADLINE_PREFIX} ${formatDateTime(deadline)}.`);
  else if (extension.late_deadline_datetime)
    parts.push(`You may hand in late until ${formatDateTime(lateDeadline ?? extension.late_deadline_datetime)}.`);
  if (extension.extra_attempts > 0)
    parts.push(`You have been given ${extension.extra_attempts} extra attempt${extension.extra_attempts === 1 ? '' : 's'}.`);
  return parts.length ? parts.join(' ') : null;
}

export function ExtensionNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return <p className="learn-notice learn-notice--info">{text}</p>;
}

export function LateNotice({ policy }: { policy: LatePolicy }) {
  return <p className="learn-notice">{lateSubmitNotice(policy)}</p>;
}
