import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { SAMPLE_PROJECT_NOTE, SUBMISSIONS_NOT_OPEN_MESSAGE } from './assessment-pages';

afterEach(() => vi.unstubAllGlobals());

describe('project page', () => {
  it('says submissions are not open yet on Upload, stays on the page and never pretends a hand-in', async () => {
    const user = userEvent.setup();
    const path = '/class/k1/course/course-1/lesson/l3/project/s1';
    const { calls } = renderApp(path, {});
    expect(await screen.findByRole('heading', { level: 1, name: /Sample project/ })).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_PROJECT_NOTE)).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Project file (.zip)'), new File(['PK'], 'counter.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(screen.getByRole('status')).toHaveTextContent(SUBMISSIONS_NOT_OPEN_MESSAGE);
    expect(screen.getByRole('heading', { level: 1, name: /Sample project/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('/api/auth/'))).toEqual([]);
  });
});
