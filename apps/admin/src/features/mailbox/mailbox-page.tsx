import type { MailboxMessage } from '@school/contracts';
import { Button, formatDateTime, TextField, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import './mailbox.css';

/**
 * The development mailbox: every message the school sent while no SMTP server is set, as caught by
 * the API's own SMTP catcher. The HTML is shown in a sandboxed frame (no scripts, no same origin).
 */
export function MailboxPage() {
  usePageTitle('Mailbox');
  const [open, setOpen] = useState<string | null>(null);
  const [part, setPart] = useState<'html' | 'text'>('html');
  // Mail arrives from jobs in the background: the list looks again every 5 s while the page is open.
  const [search, setSearch] = useState('');
  const list = useRouteQuery('adminMailboxList', { query: { search_query: search } }, { refetchInterval: 5000 });
  const message = useRouteQuery('adminMailboxMessage', { params: { messageId: open ?? '' } }, { enabled: open !== null });

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Mailbox" subtitle="Development only: the emails the school sent, caught before leaving this computer." />
      <TextField
        label="Search messages"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        hint="By recipient or subject. Without a search, the 200 newest are listed."
      />
      {list.isError ? (
        <p role="alert">The mailbox could not be loaded.</p>
      ) : !list.data ? (
        <p>Loading...</p>
      ) : list.data.results.length === 0 ? (
        <p>{search.trim() ? 'No message matches your search.' : 'No email has been sent yet.'}</p>
      ) : (
        <div className="admin-mailbox">
          <ul className="ui-plain-list admin-mailbox__list" aria-label="Messages">
            {list.data.results.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className="admin-mailbox__item"
                  aria-current={open === m.id ? 'true' : undefined}
                  onClick={() => setOpen(m.id)}
                >
                  <span className="admin-mailbox__subject">{m.subject || '(no subject)'}</span>
                  <span className="admin-mailbox__meta">To {m.to}</span>
                  <span className="admin-mailbox__meta">{formatDateTime(m.received_at)}</span>
                </button>
              </li>
            ))}
          </ul>
          {open && (
            <section className="admin-mailbox__message" aria-label="Message">
              {message.data ? (
                <Message message={message.data} part={part} onPart={setPart} />
              ) : message.isError ? (
                <p role="alert">The message could not be loaded.</p>
              ) : (
                <p>Loading...</p>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}

function Message({ message, part, onPart }: { message: MailboxMessage; part: 'html' | 'text'; onPart: (p: 'html' | 'text') => void }) {
  const shown = message.html === null ? 'text' : part;
  return (
    <>
      <h2 className="admin-mailbox__heading">{message.subject}</h2>
      <dl className="admin-mailbox__headers">
        <dt>From</dt>
        <dd>{message.from}</dd>
        <dt>To</dt>
        <dd>{message.to}</dd>
      </dl>
      <fieldset className="admin-mailbox__parts" aria-label="Part">
        <Button
          type="button"
          variant={shown === 'html' ? 'primary' : 'secondary'}
          disabled={message.html === null}
          onClick={() => onPart('html')}
        >
          HTML
        </Button>
        <Button
          type="button"
          variant={shown === 'text' ? 'primary' : 'secondary'}
          disabled={message.text === null}
          onClick={() => onPart('text')}
        >
          Text
        </Button>
      </fieldset>
      {shown === 'html' ? (
        <iframe className="admin-mailbox__html" title={`HTML of ${message.subject}`} sandbox="" srcDoc={message.html ?? ''} />
      ) : (
        <pre className="admin-mailbox__text">{message.text}</pre>
      )}
    </>
  );
}
