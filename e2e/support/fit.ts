import { expect, type Page } from '@playwright/test';

/**
 * What a person would see cut off on the page as it is laid out now, each as one line naming the
 * element and why: nothing may scroll the page sideways; no visible control, heading or menu may
 * reach past the screen's edges (inside a region that scrolls or slides sideways on purpose, a wide
 * table or a carousel, it may, as long as that region fits); no tab may be scrolled out of its tab bar; no button, link, tab or heading may
 * have its text clipped; and a select must show its chosen option's whole text.
 */
export async function findMisfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') || (el as HTMLElement).innerText || el.getAttribute('title') || '')
        .trim()
        .replace(/\s+/g, ' ');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/)[0]}` : '';
      return `<${el.tagName.toLowerCase()}${cls}> "${text.slice(0, 40)}"`;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none') return false;
      // The visually hidden pattern (1 px, clipped) is for screen readers.
      return !(r.width <= 1 && r.height <= 1) && !el.closest('.ui-visually-hidden');
    };
    /** The ancestors that scroll or clip sideways (a scrolling table's frame, a carousel), nearest first. */
    const sidewaysClips = (el: Element) => {
      const found: Element[] = [];
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') found.push(p);
      }
      return found;
    };
    const fitsScreen = (r: DOMRect) => r.left >= -1 && r.right <= width + 1;

    if (document.documentElement.scrollWidth > width)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);

    const watched = document.querySelectorAll(
      'main a, main button, main input, main select, main textarea, main h1, main h2, main h3, main [role="tab"], [role="menu"], [role="dialog"], header a, header button',
    );
    for (const el of watched) {
      if (!shown(el)) continue;
      const r = el.getBoundingClientRect();
      if (fitsScreen(r)) continue;
      // Past the edge but inside a frame that scrolls or clips within the screen: reached by scrolling that frame.
      if (sidewaysClips(el).some((clip) => fitsScreen(clip.getBoundingClientRect()))) continue;
      problems.push(`${name(el)} reaches past the screen (${Math.round(r.left)} to ${Math.round(r.right)} of ${width} px)`);
    }

    // Tabs: all in sight within their tab bar, never scrolled out of it.
    for (const list of document.querySelectorAll('[role="tablist"], nav[aria-label="Course sections"] ul')) {
      if (!shown(list)) continue;
      const lb = list.getBoundingClientRect();
      for (const tab of list.querySelectorAll('[role="tab"], a')) {
        const r = tab.getBoundingClientRect();
        if (r.left < lb.left - 1 || r.right > lb.right + 1) problems.push(`tab ${name(tab)} is hidden in a scrolling tab bar`);
      }
    }

    // Text cut inside its own box.
    for (const el of document.querySelectorAll('main button, main a.ui-button, main [role="tab"], main h1, main h2, [role="menuitem"]')) {
      if (!shown(el)) continue;
      const h = el as HTMLElement;
      if (h.scrollWidth > h.clientWidth + 1 && getComputedStyle(h).overflowX !== 'visible')
        problems.push(`${name(el)} has its text cut (${h.scrollWidth} px of text in ${h.clientWidth} px)`);
    }

    // A select shows its chosen option's whole text.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const el of document.querySelectorAll('main select')) {
      const select = el as HTMLSelectElement;
      if (!shown(select) || select.multiple) continue;
      const s = getComputedStyle(select);
      // A styleable select (base-select) wraps its text: cut only if some of it is scrolled away.
      if (s.appearance === 'base-select') {
        if (select.scrollWidth > select.clientWidth + 1 || select.scrollHeight > select.clientHeight + 1)
          problems.push(`select ${name(select.labels?.[0] ?? select)} cuts "${select.selectedOptions[0]?.text ?? ''}"`);
        continue;
      }
      canvas.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      const needed = canvas.measureText(text).width;
      if (needed > room + 1)
        problems.push(`select ${name(select.labels?.[0] ?? select)} cuts "${text}" (${Math.ceil(needed)} px in ${room} px)`);
    }
    return problems;
  });
}

/**
 * The page, as laid out now, shows everything whole at this width (see findMisfits). `soft` lets a
 * walk through many pages go on and report every page that fails, not only the first.
 */
export async function expectFits(page: Page, what: string, { soft = false } = {}) {
  const check = soft ? expect.soft : expect;
  check(await findMisfits(page), `${what} at ${page.viewportSize()?.width} px`).toEqual([]);
}
