export * from './data';
export * from './images';
