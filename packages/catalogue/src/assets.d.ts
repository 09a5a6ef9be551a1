// Vite (and Vitest) resolve an imported .svg to the URL of the emitted asset. The images are
// imported with ?no-inline so they stay separate, cacheable files instead of data URLs in the
// JavaScript bundle and in prerendered HTML.
declare module '*.svg?no-inline' {
  const src: string;
  export default src;
}
