export { LoginScreen, DEFAULT_APP_STORE_URL, DEFAULT_GOOGLE_PLAY_URL } from './LoginScreen';
export type { LoginScreenProps, LoginBanner } from './LoginScreen';
export { LoginEmailStep } from './LoginEmailStep';
export type { LoginEmailStepProps } from './LoginEmailStep';
export { LoginCodeStep } from './LoginCodeStep';
export type { LoginCodeStepProps } from './LoginCodeStep';
