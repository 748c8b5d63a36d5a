export * from './topics';
export * from './access';
