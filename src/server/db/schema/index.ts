export * from './catalogue.ts';
export * from './home.ts';
export * from './state.ts';
export * from './customers.ts';
export * from './shipping.ts';
export * from './discounts.ts';
export * from './orders.ts';
export * from './operations.ts';
