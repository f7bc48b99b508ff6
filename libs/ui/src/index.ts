export * from './theme';
export * from './login/LoginScreen';
export { LOGIN_BANNER_TEXT, LOGIN_TEXT } from './login/loginTexts';
