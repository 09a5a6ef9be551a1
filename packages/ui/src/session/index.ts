export * from './routing';
export * from './session';
export * from './guards';
export * from './app-providers';
