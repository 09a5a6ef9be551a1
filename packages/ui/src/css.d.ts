// Components import the CSS beside them; the apps' Vite builds bundle it.
declare module '*.css';
