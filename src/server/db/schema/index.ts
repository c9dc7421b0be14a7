export * from './catalogue.ts';
export * from './home.ts';
export * from './state.ts';
export * from './customers.ts';
