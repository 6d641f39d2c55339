export * from './identity';
export * from './structure';
export * from './content';
export * from './content-structure';
