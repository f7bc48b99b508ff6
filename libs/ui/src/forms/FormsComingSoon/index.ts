export * from './FormsComingSoon';
