// Vite (and Vitest) resolve an imported .svg to the URL of the emitted asset.
declare module '*.svg' {
  const src: string;
  export default src;
}
