import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate, useSearchParams } from 'react-router-dom';
import { NOTICE_MAX, NoticeProvider, NoticeRegion, useNotify } from './notice';

function Page() {
  const notify = useNotify();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  return (
    <>
      <h1>Create cohort</h1>
      <button type="button" onClick={() => notify.error('Please link this cohort to a course!')}>
        Fail
      </button>
      <button type="button" onClick={() => notify.warning('Careful')}>
        Warn
      </button>
      <button type="button" onClick={() => notify.success('Success')}>
        Succeed
      </button>
      <button
        type="button"
        onClick={() => {
          notify.success('Successful', { page: '/admin/cohorts/k1' });
          navigate('/admin/cohorts/k1');
        }}
      >
        Create
      </button>
      <button type="button" onClick={() => navigate('/admin/cohorts')}>
        Leave
      </button>
      <button type="button" onClick={() => setSearch({ tab: '2' })}>
        Other tab
      </button>
    </>
  );
}

function renderNotices(path = '/admin/create/cohort') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <NoticeProvider>
        <main>
          <NoticeRegion />
          <Page />
        </main>
      </NoticeProvider>
    </MemoryRouter>,
  );
}

const region = () => document.querySelector('.ui-notices') as HTMLElement;
const texts = () => [...region().querySelectorAll('.ui-notice__text')].map((n) => n.textContent);

describe('notices', () => {
  it('stack in one region before the page content, newest first, errors as alerts and successes as statuses', async () => {
    const user = userEvent.setup();
    renderNotices();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Succeed' }));
    await user.click(screen.getByRole('button', { name: 'Warn' }));
    expect(texts()).toEqual(['Careful', 'Success', 'Please link this cohort to a course!']);
    expect(screen.getByRole('status')).toHaveTextContent('Success');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Careful×', 'Please link this cohort to a course!×']);
    // The region comes before the page's title in the document, in the flow of the page.
    expect(
      region().compareDocumentPosition(screen.getByRole('heading', { name: 'Create cohort' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // The same message again moves to the top instead of showing twice.
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(texts()).toEqual(['Please link this cohort to a course!', 'Careful', 'Success']);
  });

  it('stay until closed, never moving the page by themselves', () => {
    vi.useFakeTimers();
    try {
      renderNotices();
      act(() => screen.getByRole('button', { name: 'Succeed' }).click());
      act(() => screen.getByRole('button', { name: 'Fail' }).click());
      act(() => vi.advanceTimersByTime(60_000));
      expect(texts()).toEqual(['Please link this cohort to a course!', 'Success']);
      act(() => within(region()).getAllByRole('button', { name: 'Dismiss message' })[0].click());
      expect(texts()).toEqual(['Success']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keep one of each message per page, the repeated one moving to the top', async () => {
    const user = userEvent.setup();
    renderNotices();
    for (const name of ['Fail', 'Warn', 'Succeed']) await user.click(screen.getByRole('button', { name }));
    expect(texts()).toHaveLength(NOTICE_MAX);
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(texts()).toEqual(['Please link this cohort to a course!', 'Success', 'Careful']);
  });

  it('belong to the page that raised them: gone after navigation, kept across its tabs', async () => {
    const user = userEvent.setup();
    renderNotices();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Other tab' }));
    expect(texts()).toEqual(['Please link this cohort to a course!']);
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(texts()).toEqual([]);
  });

  it('raised for the next page show there, without the notices of the page left', async () => {
    const user = userEvent.setup();
    renderNotices();
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(texts()).toEqual(['Successful']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
