import { render } from '@testing-library/react';
import { useStickyHeight } from './use-sticky-height';

function Bar() {
  const ref = useStickyHeight<HTMLDivElement>('navbar');
  return <div ref={ref} style={{ position: 'sticky', top: 0 }} />;
}

function StaticBar() {
  const ref = useStickyHeight<HTMLDivElement>('subbar');
  return <div ref={ref} />;
}

describe('useStickyHeight', () => {
  it("publishes the bar's height on <html> while it is mounted, and removes it after", () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 64.4 } as DOMRect);
    const view = render(<Bar />);
    expect(document.documentElement.style.getPropertyValue('--ui-sticky-navbar')).toBe('65px');
    view.unmount();
    expect(document.documentElement.style.getPropertyValue('--ui-sticky-navbar')).toBe('');
    spy.mockRestore();
  });

  it('pads nothing for a bar that is not sticky', () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 120 } as DOMRect);
    const view = render(<StaticBar />);
    expect(document.documentElement.style.getPropertyValue('--ui-sticky-subbar')).toBe('0px');
    view.unmount();
    spy.mockRestore();
  });
});
