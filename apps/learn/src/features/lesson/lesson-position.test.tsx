import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coursePart } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

afterEach(() => vi.unstubAllGlobals());

const POSITION = 'cohorts/k1/lessons/l3/position/user/u1';
const lessonPath = (id: string) => `/class/k1/course/course-1/lesson/${id}`;

describe("the student's place in a lesson video", () => {
  it('opens the video at the kept place, keeps the place every few seconds of playback, on pause and when leaving', async () => {
    const { calls, unmount } = renderApp(lessonPath('l3'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/vid3?exp=1&dl=0&sig=s' }),
      lessonPosition: () => ({ position_seconds: 125.5 }),
      saveLessonPosition: (c) => c.body,
    });
    const saved = () => calls.filter((c) => c.method === 'PUT' && c.path === POSITION).map((c) => c.body);
    const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;

    // It opens where the student stopped.
    expect(video.currentTime).toBe(0);
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(125.5);

    Object.defineProperty(video, 'duration', { value: 600, configurable: true });
    Object.defineProperty(video, 'paused', { value: false, configurable: true, writable: true });
    // A second of playback is not worth a call; five are.
    video.currentTime = 126.5;
    fireEvent.timeUpdate(video);
    expect(saved()).toEqual([]);
    video.currentTime = 131;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(saved()).toEqual([{ position_seconds: 131 }]));

    // Pausing keeps the place at once.
    video.currentTime = 133.25;
    Object.defineProperty(video, 'paused', { value: true, configurable: true });
    fireEvent.pause(video);
    await waitFor(() => expect(saved()).toEqual([{ position_seconds: 131 }, { position_seconds: 133.25 }]));

    // Leaving the lesson keeps where the student was.
    video.currentTime = 134;
    unmount();
    await waitFor(() => expect(saved()).toEqual([{ position_seconds: 131 }, { position_seconds: 133.25 }, { position_seconds: 134 }]));
  }, 30_000);

  it('opens the video where the student stopped after moving through the app (Prev, then Next), not at the first read place', async () => {
    const { calls } = renderApp(lessonPath('l3'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/vid3?exp=1&dl=0&sig=s' }),
      lessonPosition: () => ({ position_seconds: 125.5 }),
      saveLessonPosition: (c) => c.body,
    });
    let video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(125.5);
    video.currentTime = 140;
    Object.defineProperty(video, 'paused', { value: true, configurable: true });
    fireEvent.pause(video);

    fireEvent.click(await screen.findByRole('link', { name: 'Prev: Logic reading' }));
    await screen.findByRole('heading', { level: 1, name: 'Logic reading' });
    fireEvent.click(await screen.findByRole('link', { name: 'Next: Testbench video' }));
    video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(140);
    // The place came from what the student just did: the API was asked once.
    expect(calls.filter((c) => c.method === 'GET' && c.path === POSITION)).toHaveLength(1);
  }, 30_000);

  it('opens a video never watched at its start', async () => {
    renderApp(lessonPath('l3'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/vid3?exp=1&dl=0&sig=s' }),
      lessonPosition: () => ({ position_seconds: null }),
    });
    const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(0);
  });
});
