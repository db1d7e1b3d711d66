export * from './enums.js';
export * from './errors.js';
export * from './messages.js';
export * from './paths.js';
export * from './rules.js';
export * from './account.js';
export * from './validation.js';
export * from './videos.js';
