/** Reloads the page after a settings change (a seam for tests, where jsdom cannot reload). */
export function reloadPage(): void {
  window.location.reload();
}
